// Cache invalidations between processes. Each process keeps its own in-memory caches (course
// structures, catalogue pages, quiz keys, tenants) with a TTL; an edit invalidates the editing
// process's entry at once and, when REDIS_URL is set, is published on one Redis pub/sub channel so the
// other processes drop theirs at once too. Without Redis, or while it is down, the other processes see
// the edit within the TTL. A subscriber that reconnects may have missed messages, so it asks every
// cache to drop everything (a resync): correctness never depends on a message arriving.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type CacheBus = {
  /** Tells the other processes; the caller has already applied the change to its own caches. */
  publish(topic: string, payload: unknown): void;
  /**
   * Publishes, and resolves once Redis has handed the message to every listening process (at once
   * without Redis or while it is down; never rejects, waits at most PUBLISH_WAIT_MS). For a change
   * that must be seen everywhere before the caller answers: a session that ended.
   */
  publishAndWait(topic: string, payload: unknown): Promise<void>;
  /**
   * Whether this process hears every message published now: always on one process; with Redis,
   * while its subscription is up. A cache that must never serve an invalidated entry (sessions)
   * answers from memory only while this holds.
   */
  listening(): boolean;
  /** Runs `handler` for each message another process publishes on `topic`. */
  subscribe(topic: string, handler: (payload: unknown) => void): void;
  /** Runs `handler` when messages may have been missed: the cache should drop everything. */
  onResync(handler: () => void): void;
  close(): Promise<void>;
};

/** One process, nothing to tell. */
export const localCacheBus = (): CacheBus => ({
  publish: () => undefined,
  publishAndWait: () => Promise.resolve(),
  listening: () => true,
  subscribe: () => undefined,
  onResync: () => undefined,
  close: () => Promise.resolve(),
});

type Envelope = { origin: string; topic: string; payload: unknown };

/** The longest publishAndWait waits for Redis before the caller goes on. */
export const PUBLISH_WAIT_MS = 1000;

/**
 * Publishes on `redis` (the shared connection: no offline queue, so a publish while Redis is down fails
 * at once and is dropped) and listens on a connection of its own, as Redis requires of subscribers.
 */
export function redisCacheBus(redis: Redis, prefix: string): CacheBus {
  const channel = `${prefix}cache-invalidations`;
  const origin = randomUUID();
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const resyncs: (() => void)[] = [];
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  // The shared connection already reports Redis being unreachable.
  subscriber.on('error', () => undefined);
  let subscribedBefore = false;
  subscriber.on('ready', () => {
    if (subscribedBefore) for (const resync of resyncs) resync();
    subscribedBefore = true;
  });
  subscriber.on('message', (_channel: string, raw: string) => {
    let message: Envelope;
    try {
      message = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (message.origin === origin) return;
    for (const handler of handlers.get(message.topic) ?? []) handler(message.payload);
  });
  void subscriber.subscribe(channel).catch(() => undefined);

  const send = (topic: string, payload: unknown): Promise<unknown> => {
    const message: Envelope = { origin, topic, payload };
    return redis.publish(channel, JSON.stringify(message)).catch(() => undefined);
  };

  return {
    publish(topic, payload) {
      void send(topic, payload);
    },
    async publishAndWait(topic, payload) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, PUBLISH_WAIT_MS);
        timer.unref();
      });
      await Promise.race([send(topic, payload), timeout]);
      clearTimeout(timer);
    },
    listening: () => subscriber.status === 'ready',
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    onResync(handler) {
      resyncs.push(handler);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
