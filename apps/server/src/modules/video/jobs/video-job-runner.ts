// One transcoding job from claim to ready (decision 0012), shared by both queues. A row is claimed by
// a conditional UPDATE (queued, or running with a lease that ran out), so two processes never run the
// same row and a killed one's row is taken again once its lease ends. While ffmpeg runs the lease is
// renewed and the progress written, both only while this runner still holds the row: when an admin
// cancels it (or another runner took it over) the write changes nothing and ffmpeg is killed.
// Every query runs in the video's tenant scope (row-level security on PostgreSQL).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, SelectQueryBuilder, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Db } from '../../../db/connect';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import { runAsTenant } from '../../../lib/tenant-context';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import type { FfmpegPaths } from '../ffmpeg';
import { videoNames, type VideoStorage } from '../storage';
import { transcode, type Transcoded } from '../transcode';

export type ClaimedVideo = {
  id: number;
  tenantId: number;
  lessonId: number;
  attempt: number;
  keyHex: string;
};

export type LeaseTimes = {
  /** How long a claim lasts without renewal (60 s). */
  leaseMs: number;
  /** How often it is renewed while ffmpeg runs (10 s). */
  renewMs: number;
};
export const DEFAULT_LEASE: LeaseTimes = { leaseMs: 60_000, renewMs: 10_000 };

type VideoUpdate = UpdateQueryBuilder<Database, 'videos', 'videos', UpdateResult>;

/** How a run ended: `released` means handed back to the queue at shutdown. */
export type RunOutcome = 'ready' | 'failed' | 'cancelled' | 'released';

/** Why a running job stopped before its end. */
type StopReason = 'cancelled' | 'shutdown';

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;

export type RunnerDeps = {
  db: Db;
  clock: Clock;
  storage: VideoStorage;
  ffmpeg: FfmpegPaths;
  catalogue: CatalogueCache;
  log: FastifyBaseLogger;
  /** Who holds a claim: unique per process. */
  owner: string;
  lease?: LeaseTimes;
};

const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'videos'>) =>
  eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]);

/** A claim's owner: this host and process, and a random part for a process id used again. */
export const processOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export class VideoJobRunner {
  private readonly running = new Map<number, AbortController>();
  readonly lease: LeaseTimes;

  constructor(private readonly deps: RunnerDeps) {
    this.lease = deps.lease ?? DEFAULT_LEASE;
  }

  /** Claims the tenant's oldest claimable video (call inside the tenant's scope). */
  claimNext(tenantId: number): Promise<ClaimedVideo | null> {
    const now = this.deps.clock.now().toISOString();
    const next = this.deps.db
      .selectFrom('videos')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(claimable(now))
      .orderBy('id')
      .limit(1);
    return this.claimWhere(now, next);
  }

  /** Whether the tenant has a video queued or running (call inside the tenant's scope). */
  async hasUnfinished(tenantId: number): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom('videos')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', ['queued', 'running'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Claims one video when it is claimable (BullMQ: the job names it). */
  claim(videoId: number): Promise<ClaimedVideo | null> {
    return this.claimWhere(this.deps.clock.now().toISOString(), videoId);
  }

  private async claimWhere(
    now: string,
    id: number | SelectQueryBuilder<Database, 'videos', { id: number }>,
  ): Promise<ClaimedVideo | null> {
    const row = await this.deps.db
      .updateTable('videos')
      .set({
        status: 'running',
        lease_owner: this.deps.owner,
        lease_until: this.leaseEnd(),
        started_at: now,
        progress: 0,
        error: null,
      })
      .where('id', '=', id)
      .where(claimable(now))
      .returning(['id', 'tenant_id', 'lesson_id', 'attempts', 'key_hex'])
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          tenantId: row.tenant_id,
          lessonId: row.lesson_id,
          attempt: row.attempts,
          keyHex: row.key_hex,
        }
      : null;
  }

  /** Transcodes a claimed video to the end: ready, failed, cancelled, or handed back on shutdown. */
  async run(video: ClaimedVideo): Promise<RunOutcome> {
    const controller = new AbortController();
    this.running.set(video.id, controller);
    const stop = (reason: StopReason) => controller.abort(reason);
    const keep = (held: boolean) => held || stop('cancelled');
    const renewal = setInterval(() => void this.renew(video, null).then(keep), this.lease.renewMs);
    let lastWrite = 0;
    const onProgress = (percent: number) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      void this.renew(video, percent).then(keep);
    };
    try {
      const result = await transcode(
        { storage: this.deps.storage, ffmpeg: this.deps.ffmpeg },
        { tenantId: video.tenantId, videoId: video.id, attempt: video.attempt, keyHex: video.keyHex },
        { signal: controller.signal, onProgress },
      );
      clearInterval(renewal);
      return await runAsTenant(video.tenantId, () => this.finish(video, result));
    } catch (error) {
      clearInterval(renewal);
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
      if (reason === 'cancelled') return 'cancelled';
      if (reason === 'shutdown') {
        await runAsTenant(video.tenantId, () => this.release(video));
        return 'released';
      }
      await runAsTenant(video.tenantId, () => this.fail(video, error));
      return 'failed';
    } finally {
      clearInterval(renewal);
      this.running.delete(video.id);
    }
  }

  /** Kills the video's ffmpeg when this process runs it (an admin cancelled it). */
  cancelLocal(videoId: number): void {
    this.running.get(videoId)?.abort('cancelled' satisfies StopReason);
  }

  /** Stops every running job; their rows go back to the queue. */
  stopAll(): void {
    for (const controller of this.running.values()) controller.abort('shutdown' satisfies StopReason);
  }

  private leaseEnd(): string {
    return new Date(this.deps.clock.now().getTime() + this.lease.leaseMs).toISOString();
  }

  /** Extends the lease (and writes the progress); false when this runner no longer holds the row. */
  private async renew(video: ClaimedVideo, progress: number | null): Promise<boolean> {
    try {
      const result = await runAsTenant(video.tenantId, () =>
        this.held(
          this.deps.db
            .updateTable('videos')
            .set({ lease_until: this.leaseEnd(), ...(progress === null ? {} : { progress }) }),
          video,
        ).executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) > 0;
    } catch (error) {
      // A database hiccup is not a cancel: the next renewal tries again before the lease ends.
      this.deps.log.warn({ err: error, videoId: video.id }, 'video lease renewal failed');
      return true;
    }
  }

  /** The update, only while this runner holds the row. */
  private held(query: VideoUpdate, video: ClaimedVideo): VideoUpdate {
    return query
      .where('id', '=', video.id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', this.deps.owner);
  }

  private async finish(video: ClaimedVideo, result: Transcoded): Promise<RunOutcome> {
    const { db, clock, catalogue, storage } = this.deps;
    const courseId = await db.transaction().execute(async (trx) => {
      const done = await this.held(
        trx.updateTable('videos').set({
          status: 'ready',
          progress: 100,
          renditions: JSON.stringify(result.renditions),
          duration_ms: result.durationMs,
          width: result.width,
          height: result.height,
          finished_at: clock.now().toISOString(),
          lease_owner: null,
          lease_until: null,
        }),
        video,
      ).executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return null;
      await trx
        .updateTable('lessons')
        .set({ video_id: video.id })
        .where('id', '=', video.lessonId)
        .where((eb) => eb.or([eb('video_id', 'is', null), eb('video_id', '<', video.id)]))
        .execute();
      const lesson = await trx
        .selectFrom('lessons as l')
        .innerJoin('units as u', 'u.id', 'l.unit_id')
        .select('u.course_id')
        .where('l.id', '=', video.lessonId)
        .executeTakeFirst();
      return lesson?.course_id ?? 0;
    });
    if (courseId === null) {
      // Cancelled in the last moment: nothing of it may be served.
      await storage.removePrefix(videoNames.hlsDir(video.tenantId, video.id));
      return 'cancelled';
    }
    if (courseId) catalogue.invalidateCourse(courseId, [video.lessonId]);
    this.deps.log.info({ videoId: video.id, renditions: result.renditions }, 'video ready');
    return 'ready';
  }

  private async fail(video: ClaimedVideo, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log.warn({ videoId: video.id, err: error }, 'video transcode failed');
    await this.held(
      this.deps.db.updateTable('videos').set({
        status: 'failed',
        error: message.slice(0, 2000),
        finished_at: this.deps.clock.now().toISOString(),
        lease_owner: null,
        lease_until: null,
      }),
      video,
    ).execute();
  }

  /** Shutdown: the row goes back to the queue for the next process instead of waiting out its lease. */
  private async release(video: ClaimedVideo): Promise<void> {
    await this.held(
      this.deps.db.updateTable('videos').set({ status: 'queued', lease_owner: null, lease_until: null }),
      video,
    )
      .execute()
      .catch(() => undefined);
  }
}
