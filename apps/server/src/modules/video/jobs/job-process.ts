// What a process that only runs transcoding jobs needs (`npm run worker`, decision 0012): the
// database (migrated, as the CLI does), the storage, a job runner, and the catalogue cache whose
// invalidations reach the API processes through Redis when there is one.
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { connectDatabase, type DbHandle } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { localCacheBus, redisCacheBus } from '../../../lib/cache-bus';
import { systemClock } from '../../../lib/clock';
import { connectRedis } from '../../../services';
import { CatalogueCache } from '../../catalogue/catalogue-cache';
import { localVideoStorage } from '../storage';
import { processOwner, VideoJobRunner, type LeaseTimes } from './video-job-runner';

export type JobProcess = {
  database: DbHandle;
  runner: VideoJobRunner;
  log: FastifyBaseLogger;
  close(): Promise<void>;
};

export async function openJobProcess(
  config: Config,
  options: { lease?: LeaseTimes } = {},
): Promise<JobProcess> {
  // Fastify's logger (pino), the same JSON lines as the API's.
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const database = connectDatabase(config.database);
  await migrateToLatest(database);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, config.redisPrefix, log) : null;
  const bus = redis ? redisCacheBus(redis, config.redisPrefix) : localCacheBus();
  const runner = new VideoJobRunner({
    db: database.db,
    clock: systemClock,
    storage: localVideoStorage(config.dataDir),
    ffmpeg: { ffmpegPath: config.video.ffmpegPath, ffprobePath: config.video.ffprobePath },
    catalogue: new CatalogueCache(database.db, config.catalogueCacheMs, bus, systemClock),
    log,
    owner: processOwner(),
    ...(options.lease ? { lease: options.lease } : {}),
  });
  return {
    database,
    runner,
    log,
    async close() {
      await bus.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
