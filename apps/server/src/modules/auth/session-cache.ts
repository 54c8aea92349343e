// Every authenticated request needs its device session and user. A warm one is answered from memory
// for at most SESSION_CACHE_MS (default 30 s), so it costs no query; its expiry still counts.
//
// A write that ends a session or changes the cached user fields forgets it after its commit: in this
// process at once, and in the others through the cache bus, waiting until Redis has handed them the
// message, so logout, a password reset or an admin's "end sessions" is a 401 on the very next request
// wherever it lands. A read that started before an invalidation does not cache what it read; a
// process that cannot hear the bus (Redis down) reads the database every time, and forgets everything
// when it hears again (a resync). A TTL of 0 turns the cache off.
import { LRUCache } from 'lru-cache';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus';
import { clockTiming, systemClock, type Clock } from '../../lib/clock';
import type { LiveSession } from './sessions';

const FORGET = 'sessions:forget';
type Forget = { sessionIds?: string[]; userIds?: number[] };

/** The session as read, and when it expires (ms since the epoch). */
export type LoadedSession = { session: LiveSession; expiresAt: number };

/** At most this many sessions are kept; the least recently used go first. */
const MAX_SESSIONS = 50_000;

export class SessionCache {
  private readonly entries: LRUCache<string, LoadedSession> | null;
  /** The cached session ids of each user, so a change to the user forgets all of them. */
  private readonly byUser = new Map<number, Set<string>>();
  /** Counts invalidations, so a read that started before one does not cache what it read. */
  private generation = 0;

  constructor(
    ttlMs: number,
    private readonly bus: CacheBus = localCacheBus(),
    clock: Clock = systemClock,
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, LoadedSession>({
            max: MAX_SESSIONS,
            ttl: ttlMs,
            ...clockTiming(clock),
            dispose: (entry, sessionId) => this.unindex(entry.session.user.id, sessionId),
          })
        : null;
    bus.subscribe(FORGET, (payload) => this.drop(forgetOf(payload)));
    bus.onResync(() => {
      this.generation += 1;
      this.entries?.clear();
    });
  }

  /** Off: every read goes to the database, and nothing is published. */
  static off(): SessionCache {
    return new SessionCache(0);
  }

  /**
   * The live session `sessionId` of `tenantId` at `now`: from memory when cached and still live,
   * otherwise from `load` (which applies the same conditions), kept when nothing was invalidated
   * meanwhile.
   */
  async read(
    sessionId: string,
    tenantId: number,
    now: Date,
    load: () => Promise<LoadedSession | null>,
  ): Promise<LiveSession | null> {
    const entries = this.bus.listening() ? this.entries : null;
    if (!entries) return (await load())?.session ?? null;
    const cached = entries.get(sessionId);
    if (cached && cached.session.user.tenant_id === tenantId && cached.expiresAt > now.getTime())
      return cached.session;
    const started = this.generation;
    const loaded = await load();
    if (!loaded) return null;
    if (this.generation === started) {
      entries.set(sessionId, loaded);
      this.index(loaded.session.user.id, sessionId);
    }
    return loaded.session;
  }

  /**
   * After the commit of a write that ended these sessions, or changed or ended these users' ones:
   * forgotten here, and in every other process before this resolves.
   */
  async forget(change: Forget): Promise<void> {
    if (!change.sessionIds?.length && !change.userIds?.length) return;
    this.drop(change);
    await this.bus.publishAndWait(FORGET, change);
  }

  private drop(change: Forget): void {
    this.generation += 1;
    const entries = this.entries;
    if (!entries) return;
    for (const sessionId of change.sessionIds ?? []) entries.delete(sessionId);
    for (const userId of change.userIds ?? [])
      for (const sessionId of [...(this.byUser.get(userId) ?? [])]) entries.delete(sessionId);
  }

  private index(userId: number, sessionId: string): void {
    const ids = this.byUser.get(userId);
    if (ids) ids.add(sessionId);
    else this.byUser.set(userId, new Set([sessionId]));
  }

  private unindex(userId: number, sessionId: string): void {
    const ids = this.byUser.get(userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byUser.delete(userId);
  }
}

/** A message from another process, kept to its expected shape. */
function forgetOf(payload: unknown): Forget {
  const { sessionIds, userIds } = (payload ?? {}) as Record<string, unknown>;
  return {
    sessionIds: Array.isArray(sessionIds)
      ? sessionIds.filter((id): id is string => typeof id === 'string')
      : [],
    userIds: Array.isArray(userIds) ? userIds.filter((id): id is number => typeof id === 'number') : [],
  };
}
