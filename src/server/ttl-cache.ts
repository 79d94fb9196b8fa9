/**
 * A small bounded cache for derived values that may be a little stale (counts, match probes):
 * each entry lives `ttlMs`, the oldest goes first when `maxEntries` are kept, and a promise that
 * fails is dropped so the next caller tries again. Losing it (a restart, another process) costs
 * only a recount.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The fresh value under `key`, else `compute()`'s, kept for the next callers. */
  get(key: string, compute: () => V): V {
    const cached = this.entries.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = compute();
    this.entries.set(key, { at: Date.now(), value });
    if (value instanceof Promise) value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
