import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from '../../../src/server/ttl-cache';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('computes once while fresh, and again once the time has passed', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000, 10);
    let calls = 0;
    const compute = () => ++calls;
    expect(cache.get('a', compute)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a', compute)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(cache.get('a', compute)).toBe(2);
  });

  it('drops the oldest entry when full, and everything on clear', () => {
    const cache = new TtlCache<string>(60_000, 2);
    cache.get('a', () => 'a1');
    cache.get('b', () => 'b1');
    cache.get('c', () => 'c1');
    expect(cache.get('a', () => 'a2')).toBe('a2');
    expect(cache.get('c', () => 'c2')).toBe('c1');
    cache.clear();
    expect(cache.get('c', () => 'c3')).toBe('c3');
  });

  it('forgets a promise that failed, so the next caller tries again', async () => {
    const cache = new TtlCache<Promise<number>>(60_000, 10);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('a', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
