// The API's video queue on Redis (decision 0012), and the workers of `npm run worker`, closed while
// Redis refuses them: a process shutting down during an outage ends quietly. BullMQ's queue, closed
// while its connection is still trying to reach Redis, used to leave its failed start-up as an
// unhandled rejection (a CI run failed on one); its worker, with a second connection of its own, did
// the same. The close is made at the moment that went wrong: while a connection attempt is under way.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { BullVideoQueue, startVideoWorkers } from '../src/modules/video/jobs/bullmq-queue';
import type { VideoJobRunner } from '../src/modules/video/jobs/video-job-runner';

/** Nothing listens on port 1: every connection attempt is refused at once. */
const REFUSED = 'redis://127.0.0.1:1';

const quiet = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;

let unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', record);
});
afterEach(() => {
  process.off('unhandledRejection', record);
});

/** The queue's own connection, to close it at a chosen moment of its retries. */
const connectionOf = (queue: BullVideoQueue) => (queue as unknown as { connection: Redis }).connection;

const MOMENTS = ['connecting', 'reconnecting'] as const;

async function until(check: () => boolean): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5_000) throw new Error('the connection never tried again');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

it('closes without an unhandled rejection, mid-attempt or between retries, while Redis refuses it', async () => {
  for (const moment of MOMENTS) {
    for (let i = 0; i < 5; i++) {
      const queue = new BullVideoQueue(
        { redisUrl: REFUSED, prefix: 'lp-test:' },
        { runner: {} as VideoJobRunner, log: quiet },
      );
      // Past the first attempt, so that a refusal has been seen, then at the moment itself.
      await until(() => connectionOf(queue).status === 'reconnecting');
      await until(() => connectionOf(queue).status === moment);
      await queue.close();
    }
  }
  // Rejections are reported after the microtasks that would have handled them.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(unhandled.map(String)).toEqual([]);
});

it('stops the workers without an unhandled rejection, mid-attempt or between retries, while Redis refuses them', async () => {
  for (const moment of MOMENTS) {
    for (let i = 0; i < 5; i++) {
      const workers = startVideoWorkers(
        { redisUrl: REFUSED, prefix: 'lp-test:', concurrency: 1 },
        { db: {} as Db, runner: { stopAll() {} } as VideoJobRunner, log: quiet },
      );
      await until(() => workers.connection.status === 'reconnecting');
      await until(() => workers.connection.status === moment);
      await workers.close();
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(unhandled.map(String)).toEqual([]);
});
