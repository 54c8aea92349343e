// Our own video's services (decision 0012), built once by the composition root: the storage, the
// job runner and the queue `config.video.queue` names, the upload and admin services, and whether
// ffmpeg is here (asked once at start-up; without it uploads answer 503 and a warning is logged).
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DialectName } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { AdminWriter } from '../admin/admin-writer';
import { AuditLog } from '../admin/audit-log';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import { ffmpegAvailable } from './ffmpeg';
import { BullVideoQueue } from './jobs/bullmq-queue';
import { EmbeddedVideoQueue } from './jobs/embedded-queue';
import { processOwner, VideoJobRunner, type LeaseTimes } from './jobs/video-job-runner';
import type { VideoQueue } from './jobs/video-queue';
import type { VideoStorage } from './storage';
import { VideoAdminService } from './video-admin-service';
import { VideoFiles } from './video-files';
import { VideoUploadService } from './video-upload-service';

export type VideoOverrides = {
  /** Shorter leases for the tests that kill a runner. */
  lease?: LeaseTimes;
  /** false: this process enqueues but runs no embedded jobs (a test's API beside its own runners). */
  runJobs?: boolean;
};

export function createVideoServices(
  deps: {
    config: Config;
    db: Db;
    dialect: DialectName;
    clock: Clock;
    catalogue: CatalogueCache;
    log: FastifyBaseLogger;
    storage: VideoStorage;
  },
  overrides: VideoOverrides = {},
) {
  const { config, db, dialect, clock, log, storage } = deps;
  const video = config.video;
  const ffmpeg = { ffmpegPath: video.ffmpegPath, ffprobePath: video.ffprobePath };
  const runner = new VideoJobRunner({
    db,
    clock,
    storage,
    ffmpeg,
    catalogue: deps.catalogue,
    log,
    owner: processOwner(),
    ...(overrides.lease ? { lease: overrides.lease } : {}),
  });
  let ffmpegReady = false;
  const checked = ffmpegAvailable(ffmpeg).then((available) => {
    ffmpegReady = available;
    if (!available)
      log.warn(
        `Video processing is off: ${video.ffmpegPath} or ${video.ffprobePath} did not run ` +
          '(install ffmpeg, or set FFMPEG_PATH and FFPROBE_PATH); video uploads answer 503',
      );
  });
  let queue: VideoQueue;
  let embedded: EmbeddedVideoQueue | null = null;
  if (video.queue === 'bullmq' && config.redisUrl) {
    queue = new BullVideoQueue({ redisUrl: config.redisUrl, prefix: config.redisPrefix }, { runner, log });
  } else {
    embedded = new EmbeddedVideoQueue({ db, runner, log });
    queue = embedded;
  }
  const writer = new AdminWriter({ db, audit: new AuditLog({ db, clock }), catalogue: deps.catalogue });
  return {
    storage,
    files: new VideoFiles(storage),
    runner,
    queue,
    ffmpegReady: () => ffmpegReady,
    tusDir: join(config.dataDir, 'tus'),
    uploads: new VideoUploadService({ db, dialect, clock, storage, ffprobePath: ffmpeg.ffprobePath, queue }),
    admin: new VideoAdminService({
      db,
      clock,
      writer,
      storage,
      queue,
      support: () => ({ ffmpeg: ffmpegReady, maxUploadBytes: video.maxUploadBytes }),
    }),
    /** Waits for the ffmpeg check, then starts the embedded queue (when this process runs jobs). */
    async start(): Promise<void> {
      await checked;
      if (embedded && overrides.runJobs !== false && ffmpegReady) embedded.start();
    },
    async close(): Promise<void> {
      await queue.close();
    },
  };
}

export type VideoServices = ReturnType<typeof createVideoServices>;
