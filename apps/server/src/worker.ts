// `npm run worker` (decision 0012): transcoding workers on the Redis queue (BullMQ), on any machine
// with the API's DATABASE_URL, REDIS_URL and DATA_DIR storage; VIDEO_WORKER_CONCURRENCY jobs at once.
// Without Redis (VIDEO_QUEUE=embedded) it runs the embedded queue instead, one job at a time, beside
// API processes that then need not run jobs themselves. SIGTERM hands running jobs back to the queue.
import { ConfigError, loadConfig } from './config';
import { startVideoWorkers } from './modules/video/jobs/bullmq-queue';
import { EmbeddedVideoQueue } from './modules/video/jobs/embedded-queue';
import { openJobProcess } from './modules/video/jobs/job-process';

async function main(): Promise<void> {
  const config = loadConfig();
  const jobs = await openJobProcess(config);
  const { log, runner } = jobs;
  const db = jobs.database.db;
  let workers: { close(): Promise<void> };
  if (config.video.queue === 'bullmq' && config.redisUrl) {
    workers = startVideoWorkers(
      { redisUrl: config.redisUrl, prefix: config.redisPrefix, concurrency: config.video.workerConcurrency },
      { db, runner, log },
    );
    log.info({ concurrency: config.video.workerConcurrency }, 'video workers started on the Redis queue');
  } else {
    const queue = new EmbeddedVideoQueue({ db, runner, log, standalone: true });
    queue.start();
    workers = queue;
    log.info('video worker started on the embedded queue (no Redis)');
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'video worker shutting down: running jobs go back to the queue');
    void workers
      .close()
      .then(() => jobs.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'video worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
