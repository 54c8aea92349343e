// The queue on Redis (decision 0012): the API adds `{ videoId, tenantId }` with the job id
// `video-<id>-<attempt>`, so an enqueue made twice is one job; `npm run worker` processes run them.
// A worker claims the row with the runner's conditional UPDATE, so a job delivered twice (a stalled
// worker's job handed to another) transcodes once: a delivery finding the row held by a live lease
// fails and is tried again later, one finding it ready, failed or cancelled ends quietly.
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect';
import { runAsTenant } from '../../../lib/tenant-context';
import type { VideoJobRunner } from './video-job-runner';
import type { QueuedVideo, VideoQueue } from './video-queue';

const QUEUE = 'videos';
const ENQUEUE_WAIT_MS = 5000;
/** How long a close waits for a connection attempt under way to end. */
const END_WAIT_MS = 2000;

type JobData = { videoId: number; tenantId: number };

export type BullOptions = { redisUrl: string; prefix: string };

const connect = (url: string) => new Redis(url, { maxRetriesPerRequest: null });
const bullPrefix = (prefix: string) => `${prefix}bull`;

export class BullVideoQueue implements VideoQueue {
  readonly kind = 'bullmq';
  private readonly connection: Redis;
  private readonly queue: Queue<JobData>;

  constructor(
    options: BullOptions,
    private readonly deps: { runner: VideoJobRunner; log: FastifyBaseLogger },
  ) {
    this.connection = connect(options.redisUrl);
    this.queue = new Queue<JobData>(QUEUE, {
      connection: this.connection,
      prefix: bullPrefix(options.prefix),
    });
    // The API's shared connection (services.ts, connectRedis) already says once that Redis is
    // unreachable; without a listener BullMQ prints each of the queue's retries to stderr.
    this.queue.on('error', () => undefined);
  }

  /**
   * Never fails the upload or retry that called it: with Redis unreachable for ENQUEUE_WAIT_MS the
   * row stays queued, a warning says so, and the admin cancels and retries it once Redis is back.
   */
  async enqueue(video: QueuedVideo): Promise<void> {
    const added = this.queue.add(
      'transcode',
      { videoId: video.id, tenantId: video.tenantId },
      {
        jobId: `video-${video.id}-${video.attempt}`,
        // Deliveries that find the row held by a live lease wait for it to end or finish.
        attempts: 30,
        backoff: { type: 'fixed', delay: this.deps.runner.lease.leaseMs / 2 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer')), ENQUEUE_WAIT_MS);
    });
    try {
      await Promise.race([added, timeout]);
    } catch (error) {
      this.deps.log.warn(
        { err: error, videoId: video.id },
        'video job not enqueued (Redis unreachable): it stays queued until an admin cancels and retries it',
      );
    } finally {
      clearTimeout(timer);
    }
  }

  cancelled(videoId: number): void {
    // A worker elsewhere sees the cancel at its next lease renewal; one in this process at once.
    this.deps.runner.cancelLocal(videoId);
  }

  async close(): Promise<void> {
    await endUnready(this.connection, this.queue);
    await this.queue.close();
    this.connection.disconnect();
  }
}

/**
 * Closed while its connection is still trying to reach Redis, a BullMQ queue or worker stops listening
 * and then its start-up fails with the connect error, which nobody handles: an unhandled rejection
 * (taskforcesh/bullmq#4225; a CI run failed on it with Redis unreachable). So the connection is ended
 * first and the start-up allowed to fail while its owner still listens. Between two retries there is
 * no attempt under way: the connection just stops, and the start-up never settles. Nothing to do on a
 * ready connection.
 */
async function endUnready(connection: Redis, owner: { waitUntilReady(): Promise<unknown> }): Promise<void> {
  if (connection.status === 'ready') return;
  const attempting = connection.status === 'connecting' || connection.status === 'connect';
  const started = owner.waitUntilReady().catch(() => undefined);
  connection.disconnect();
  if (!attempting) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, END_WAIT_MS)));
  await Promise.race([started, bound]);
  clearTimeout(timer);
}

/**
 * The connection a BullMQ worker duplicates from ours for its blocking reads. BullMQ keeps it private;
 * if a version renames it, this finds nothing and the close is as BullMQ's own.
 */
const blockingConnectionOf = (worker: Worker) =>
  (worker as unknown as { blockingConnection?: { _client?: Redis; client: Promise<unknown> } })
    .blockingConnection;

export class VideoLeaseHeld extends Error {
  constructor(videoId: number) {
    super(`video ${videoId} is being transcoded elsewhere; trying again after its lease`);
  }
}

/** `npm run worker`: runs jobs from the Redis queue until closed. */
export function startVideoWorkers(
  options: BullOptions & { concurrency: number },
  deps: { db: Db; runner: VideoJobRunner; log: FastifyBaseLogger },
): { connection: Redis; close(): Promise<void> } {
  const connection = connect(options.redisUrl);
  const processJob = async (job: Job<JobData>) => {
    const { videoId, tenantId } = job.data;
    await runAsTenant(tenantId, async () => {
      const video = await deps.runner.claim(videoId);
      if (video) {
        deps.log.info({ videoId, job: job.id }, 'video job claimed');
        // Handed back at shutdown: tried again later, by this worker's successor or another.
        if ((await deps.runner.run(video)) === 'released') throw new VideoLeaseHeld(videoId);
        return;
      }
      const row = await deps.db
        .selectFrom('videos')
        .select('status')
        .where('id', '=', videoId)
        .executeTakeFirst();
      if (row?.status === 'running' || row?.status === 'queued') throw new VideoLeaseHeld(videoId);
    });
  };
  const worker = new Worker<JobData>(QUEUE, processJob, {
    connection,
    prefix: bullPrefix(options.prefix),
    concurrency: options.concurrency,
    // A killed worker's job is handed to another after each stall, not failed after the first.
    maxStalledCount: 10,
  });
  // Redis unreachable: said once, not at each of the connection's retries, until it is back.
  let outage = false;
  worker.on('error', (error) => {
    if (!outage) deps.log.warn({ err: error }, 'video workers cannot reach Redis; retrying');
    outage = true;
  });
  connection.on('ready', () => {
    outage = false;
  });
  worker.on('failed', (job, error) => {
    if (!(error instanceof VideoLeaseHeld)) deps.log.warn({ err: error, job: job?.id }, 'video job failed');
  });
  return {
    connection,
    async close() {
      deps.runner.stopAll();
      await endUnready(connection, worker);
      // The worker's second connection, for its blocking reads, has the same start-up to end.
      const blocking = blockingConnectionOf(worker);
      if (blocking?._client) await endUnready(blocking._client, { waitUntilReady: () => blocking.client });
      await worker.close();
      connection.disconnect();
    },
  };
}
