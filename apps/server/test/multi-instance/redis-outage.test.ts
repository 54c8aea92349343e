// Redis going away and coming back, as a process sees it: rate limits shared through Redis while it is
// there, a warning in the log and per-process limits (never an error to the client) while it is not,
// and on its return a log line and a cache resync (invalidations sent meanwhile were lost). Redis is
// reached through a TCP relay the test can cut. An API on an unreachable Redis keeps serving.
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redisCacheBus } from '../../src/lib/cache-bus';
import { createLimits } from '../../src/lib/limits';
import { connectRedis } from '../../src/services';
import { REDIS_TEST_URL } from '../../../../test-support/redis-availability';
import { registerStudent, startTestApi } from '../support/test-api';
import { describeWith } from './support/environment';

/** A relay to Redis that can be cut (every connection dropped, nothing accepted) and restored. */
function redisRelay() {
  const target = new URL(REDIS_TEST_URL);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  return {
    listen,
    url: () => `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
  };
}

type Logged = { level: 'warn' | 'info'; msg: string };

function recordingLog(): { log: FastifyBaseLogger; lines: Logged[] } {
  const lines: Logged[] = [];
  const record =
    (level: Logged['level']) =>
    (...args: unknown[]) =>
      lines.push({ level, msg: String(args.find((arg) => typeof arg === 'string')) });
  const log = { warn: record('warn'), info: record('info') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const until = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describeWith(['redis'], 'when Redis goes away', () => {
  const relay = redisRelay();
  const prefix = `lp-test-${randomBytes(5).toString('hex')}:`;
  const rule = { loginAccount: { points: 4, durationSeconds: 60 } };
  let cleanup: (() => Promise<void>)[] = [];

  beforeAll(() => relay.listen());
  afterAll(async () => {
    for (const close of cleanup) await close();
    cleanup = [];
  });

  it('shares limits while it is there, logs and falls back per process while not, resyncs on return', async () => {
    const { log, lines } = recordingLog();
    const viaRelay = connectRedis(relay.url(), prefix, log);
    const direct = connectRedis(REDIS_TEST_URL, prefix, recordingLog().log);
    const bus = redisCacheBus(viaRelay, prefix);
    cleanup.push(async () => {
      await bus.close();
      viaRelay.disconnect();
      direct.disconnect();
    });
    let resyncs = 0;
    bus.onResync(() => (resyncs += 1));
    await until(() => viaRelay.status === 'ready' && direct.status === 'ready', 'both connections');
    // The session cache answers from memory only while the bus hears every message.
    await until(() => bus.listening(), 'the subscription');

    // Two "processes" share one counter through Redis: 2 + 2 attempts use up the 4 allowed.
    const here = createLimits(viaRelay, rule);
    const there = createLimits(direct, rule);
    const key = `account-${randomBytes(3).toString('hex')}`;
    await here.loginAccount.consume(key);
    await there.loginAccount.consume(key);
    await here.loginAccount.consume(key);
    await there.loginAccount.consume(key);
    await expect(here.loginAccount.consume(key)).rejects.toMatchObject({ statusCode: 429 });

    await relay.cut();
    await until(() => lines.some((l) => l.level === 'warn'), 'the warning');
    await until(() => !bus.listening(), 'the subscription lost');
    expect(lines.filter((l) => l.level === 'warn')).toEqual([
      { level: 'warn', msg: 'Redis unreachable: rate limits fall back to this process, caches to their TTL' },
    ]);
    // Still answering, from this process's own counters: a fresh key gets its full allowance here.
    const local = `account-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 4; i += 1) await here.loginAccount.consume(local);
    await expect(here.loginAccount.consume(local)).rejects.toMatchObject({ statusCode: 429 });
    // A refund while Redis is away does not throw; refused attempts counted too, so one refund
    // does not reopen the key.
    await here.loginAccount.refund(local);
    await expect(here.loginAccount.consume(local)).rejects.toMatchObject({ statusCode: 429 });
    bus.publish('anything', 1);

    await relay.listen();
    await until(() => lines.some((l) => l.msg === 'Redis reachable again'), 'the recovery line');
    await until(() => resyncs === 1, 'the cache resync');
    expect(bus.listening()).toBe(true);
  });

  it('keeps the API serving when Redis cannot be reached at all', async () => {
    const api = await startTestApi({ env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefix } });
    cleanup.push(() => api.close());
    const health = await api.call('GET', '/api/health', { tenant: null });
    expect(health.status).toBe(200);
    const catalogue = await api.call('GET', '/api/AdminStudent/CourseActive?grade=Secondary3');
    expect(catalogue.status).toBe(200);
    const device = api.device();
    const student = await registerStudent(api);
    expect((await device.login(student.Email)).status).toBe(200);
  });
});
