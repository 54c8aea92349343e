// The running API processes' cache bus, for a command whose change they must see at once (sessions
// end): with REDIS_URL, the same channel the processes listen on; without it, nothing to tell, and
// they see the change within their cache lifetime (SESSION_CACHE_MS).
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { localCacheBus, redisCacheBus, type CacheBus } from '../lib/cache-bus';

/** How long the command waits for Redis before it goes on without telling the processes. */
const CONNECT_WAIT_MS = 3000;

export async function openCacheBus(
  config: Config,
  warn: (text: string) => void,
): Promise<{ bus: CacheBus; close: () => Promise<void> }> {
  if (!config.redisUrl) return { bus: localCacheBus(), close: () => Promise.resolve() };
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    keyPrefix: config.redisPrefix,
  });
  redis.on('error', () => undefined);
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CONNECT_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready) warn('Redis unreachable: running API processes see this change within SESSION_CACHE_MS');
  const bus = redisCacheBus(redis, config.redisPrefix);
  return {
    bus,
    async close() {
      await bus.close();
      redis.disconnect();
    },
  };
}
