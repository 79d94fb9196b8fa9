/**
 * Values read from the database and kept in this process until the database says they changed.
 * `evict` comes from the invalidation channel (a trigger's notification after a commit); a load
 * that was running when an eviction of its key arrived is not kept, since it may have read the
 * row just before the change. `ttlMs` bounds how long a value lives even if a notification were
 * lost, and `maxEntries` the memory (the oldest entry goes first: an entry is reloaded within
 * `ttlMs` anyway, so keeping the order of use would cost every read for little). A load that finds
 * nothing (null) is not kept: otherwise anyone could fill the cache with keys that do not exist.
 * Callers that miss the same key while its load runs share that load (one read, not one per
 * caller, when a popular entry expires), unless an eviction of the key came meanwhile.
 */
export class InvalidatedCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  /** Evictions per key since a load began (only keys being loaded are counted). */
  private readonly loading = new Map<string, { evictions: number; loads: number }>();
  /** The load each key's next miss may share: started after the key's last eviction. */
  private readonly shared = new Map<string, Promise<V | null>>();
  private cleared = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      /** False while invalidations may be missed (the listener is reconnecting): nothing is kept. */
      enabled: () => boolean;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The cached value of `key`, else `load()`'s, kept when it is not null and no eviction of `key` came meanwhile. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (!this.options.enabled()) return load();
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    const running = this.shared.get(key);
    if (running) return running;
    const loading = this.load(key, load);
    this.shared.set(key, loading);
    const forget = () => {
      if (this.shared.get(key) === loading) this.shared.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }

  private async load(key: string, load: () => Promise<V | null>): Promise<V | null> {
    this.entries.delete(key);
    const watch = this.loading.get(key) ?? { evictions: 0, loads: 0 };
    watch.loads += 1;
    this.loading.set(key, watch);
    const evictionsBefore = watch.evictions;
    const clearedBefore = this.cleared;
    try {
      const value = await load();
      const unchanged = watch.evictions === evictionsBefore && this.cleared === clearedBefore;
      if (value !== null && unchanged && this.options.enabled()) {
        if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { at: this.now(), value });
      }
      return value;
    } finally {
      watch.loads -= 1;
      if (watch.loads === 0) this.loading.delete(key);
    }
  }

  /** The value kept under `key` while it is fresh, without loading (no promise on the hot path). */
  peek(key: string): V | undefined {
    if (!this.options.enabled()) return undefined;
    const cached = this.entries.get(key);
    return cached && this.now() - cached.at < this.options.ttlMs ? cached.value : undefined;
  }

  evict(key: string): void {
    this.entries.delete(key);
    this.shared.delete(key);
    const watch = this.loading.get(key);
    if (watch) watch.evictions += 1;
  }

  clear(): void {
    this.entries.clear();
    this.shared.clear();
    this.cleared += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}
