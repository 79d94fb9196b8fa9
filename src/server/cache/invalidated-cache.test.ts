import { describe, expect, it } from 'vitest';
import { InvalidatedCache } from './invalidated-cache';

const cache = (options: Partial<ConstructorParameters<typeof InvalidatedCache<string>>[0]> = {}) => {
  let now = 1_000;
  const made = new InvalidatedCache<string>({
    ttlMs: 100,
    maxEntries: 3,
    enabled: () => true,
    now: () => now,
    ...options,
  });
  return { cache: made, advance: (ms: number) => (now += ms) };
};

/** A load that waits until the test lets it finish. */
function pendingLoad(value: string) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  return { load: async () => (await gate, value), finish };
}

describe('InvalidatedCache', () => {
  it('loads once and answers from memory until evicted or expired', async () => {
    const { cache: values, advance } = cache();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await values.get('a', load)).toBe('v1');
    expect(await values.get('a', load)).toBe('v1');
    values.evict('a');
    expect(await values.get('a', load)).toBe('v2');
    advance(100);
    expect(await values.get('a', load)).toBe('v3');
  });

  it('shares a running load between the callers that miss the same key, until the key is evicted', async () => {
    const { cache: values } = cache();
    let loads = 0;
    const first = pendingLoad('first');
    const counted = async () => {
      loads += 1;
      return first.load();
    };
    const a = values.get('a', counted);
    const b = values.get('a', counted);
    expect(loads).toBe(1);
    // After an eviction, a caller must not get what was read before it: a load of its own.
    values.evict('a');
    const c = values.get('a', async () => `after${++loads}`);
    first.finish();
    expect(await Promise.all([a, b, c])).toEqual(['first', 'first', 'after2']);
    // Neither load is kept when the eviction overtook it; the later one is.
    expect(await values.get('a', async () => 'unused')).toBe('after2');
  });

  it('does not keep a load that an eviction of its key overtook', async () => {
    const { cache: values } = cache();
    const stale = pendingLoad('old');
    const reading = values.get('a', stale.load);
    values.evict('a');
    stale.finish();
    expect(await reading).toBe('old');
    expect(await values.get('a', async () => 'new')).toBe('new');
  });

  it('does not keep a load that a clear overtook, and keeps one an eviction of another key did not', async () => {
    const { cache: values } = cache();
    const cleared = pendingLoad('old');
    const reading = values.get('a', cleared.load);
    values.clear();
    cleared.finish();
    await reading;
    expect(await values.get('a', async () => 'new')).toBe('new');
    const kept = pendingLoad('b1');
    const other = values.get('b', kept.load);
    values.evict('a');
    kept.finish();
    await other;
    expect(await values.get('b', async () => 'b2')).toBe('b1');
  });

  it('never keeps null, so unknown keys cannot fill it', async () => {
    const { cache: values } = cache();
    expect(await values.get('nobody', async () => null)).toBeNull();
    expect(values.size).toBe(0);
  });

  it('drops the oldest entry when full', async () => {
    const { cache: values } = cache();
    for (const key of ['a', 'b', 'c']) await values.get(key, async () => key);
    await values.get('d', async () => 'd');
    expect(values.size).toBe(3);
    expect(await values.get('a', async () => 'reloaded')).toBe('reloaded');
    expect(await values.get('c', async () => 'reloaded')).toBe('c');
  });

  it('keeps nothing while invalidations may be missed', async () => {
    let enabled = false;
    const { cache: values } = cache({ enabled: () => enabled });
    let loads = 0;
    const load = async () => `v${++loads}`;
    await values.get('a', load);
    await values.get('a', load);
    expect(loads).toBe(2);
    enabled = true;
    await values.get('a', load);
    await values.get('a', load);
    expect(loads).toBe(3);
  });
});
