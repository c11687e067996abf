import { LRUCache } from "lru-cache";

/** A cached promise and when its load started. */
export interface CachedEntry<V> {
  at: number;
  value: Promise<V>;
}

/**
 * The one in-memory cache of a function instance (lru-cache: TTL and a size bound). It caches
 * promises, so concurrent callers share one load; a load that fails is dropped at once, so the
 * next call tries again. What it protects is mostly the CRM's daily API budget.
 */
export class PromiseCache<K extends {}, V> {
  readonly #entries: LRUCache<K, CachedEntry<V>>;
  readonly #now: () => number;

  constructor(options: { ttlMs: number; max?: number; now?: () => number }) {
    this.#now = options.now ?? Date.now;
    this.#entries = new LRUCache<K, CachedEntry<V>>({
      max: options.max ?? 1000,
      // lru-cache keeps an entry while its age is at most ttl; ours is fresh while younger than ttlMs.
      ttl: Math.max(1, options.ttlMs - 1),
      // Read the clock on every check (tests move it), not once per millisecond timer.
      ttlResolution: 0,
      perf: { now: this.#now },
    });
  }

  /** The fresh entry of a key, if any. */
  peek(key: K): CachedEntry<V> | undefined {
    return this.#entries.get(key);
  }

  /** Loads now and caches the result, replacing any entry. */
  refresh(key: K, load: () => Promise<V>): Promise<V> {
    const entry: CachedEntry<V> = { at: this.#now(), value: load() };
    this.#entries.set(key, entry);
    entry.value.catch(() => {
      if (this.#entries.peek(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }

  /** The fresh cached value, or the result of load() (then cached). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    return this.peek(key)?.value ?? this.refresh(key, load);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose key matches. */
  deleteWhere(matches: (key: K) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (matches(key)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
