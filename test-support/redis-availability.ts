import { createConnection } from 'node:net';

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the Redis server the multi-process tests use answers PING, and why not when it does not. */
export function redisAvailability(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const url = new URL(REDIS_TEST_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (result: { ok: true } | { ok: false; reason: string }) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(3000, () => done({ ok: false, reason: `${REDIS_TEST_URL}: no answer in 3 s` }));
    socket.once('error', (error) => done({ ok: false, reason: `${REDIS_TEST_URL}: ${error.message}` }));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) =>
      done(
        data.toString().startsWith('+PONG')
          ? { ok: true }
          : { ok: false, reason: `${REDIS_TEST_URL}: ${data.toString().trim()}` },
      ),
    );
  });
}
