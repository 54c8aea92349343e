// An in-memory cache of what only an admin changes, by id and tenant scope, with a TTL on our clock
// (the pattern of catalogue-cache.ts): on PostgreSQL row-level security makes another tenant's rows
// (or any, outside a scope) read as missing, and that answer must not be served to a read that would
// see them. Requests that miss together wait for one load; a load that started before an
// invalidation is not kept. A TTL of 0 turns the cache off (every get loads).
import { LRUCache } from 'lru-cache';
import { clockTiming, type Clock } from './clock';
import { currentTenantId } from './tenant-context';

export class ScopedCache<V extends object | null> {
  private readonly entries: LRUCache<number, Map<number, V>> | null;
  /** Counts invalidations, so a read that started before one does not cache what it read. */
  private generation = 0;
  private readonly loading = new Map<string, Promise<V>>();

  constructor(options: { ttlMs: number; max: number; clock: Clock }) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache({ max: options.max, ttl: options.ttlMs, ...clockTiming(options.clock) })
        : null;
  }

  /** The value of `id` as the current tenant scope reads it, loaded on a miss. */
  async get(id: number, load: () => Promise<V>): Promise<V> {
    const { entries } = this;
    if (!entries) return load();
    const scope = currentTenantId() ?? 0;
    const perScope = entries.get(id);
    if (perScope?.has(scope)) return perScope.get(scope)!;
    const generation = this.generation;
    const key = `${id}:${scope}:${generation}`;
    const under = this.loading.get(key);
    if (under) return under;
    const loaded = load().then((value) => {
      if (generation === this.generation) {
        // A new map only when there is none: adding a scope does not extend the entry's TTL.
        const current = entries.get(id);
        if (current) current.set(scope, value);
        else entries.set(id, new Map([[scope, value]]));
      }
      return value;
    });
    this.loading.set(key, loaded);
    // Forgotten once settled, failed loads too: the next miss tries again.
    void loaded.then(
      () => this.loading.delete(key),
      () => this.loading.delete(key),
    );
    return loaded;
  }

  /** Forgets `id` in every scope. */
  forget(id: number): void {
    this.generation += 1;
    this.entries?.delete(id);
  }

  /** Forgets everything (the cache bus may have missed messages). */
  clear(): void {
    this.generation += 1;
    this.entries?.clear();
  }
}
