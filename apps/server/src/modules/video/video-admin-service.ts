// The admin side of a lesson's uploaded video (decision 0012): its job's state, retry and cancel, the
// lesson going back to its link, and its WebVTT captions. Writes go through the AdminWriter (one
// transaction with the audit entry, then the catalogue forgets the course).
import { randomBytes } from 'node:crypto';
import type { AdminCaption, AdminVideo, LessonVideoState, VideoSupport } from '@app/contract';
import { MAX_CAPTION_BYTES } from '@app/contract';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AdminActor } from '../admin/admin-guard';
import type { AdminWriter } from '../admin/admin-writer';
import type { AuditRecord } from '../admin/audit-log';
import { ownedLesson } from '../admin/owned-rows';
import type { VideoQueue } from './jobs/video-queue';
import { videoNames, type VideoStorage } from './storage';
import { adminVideo, lessonVideoState, VIDEO_COLUMNS } from './video-view';
import { auditSummary } from '../admin/audit-summaries';

export const VIDEO_NOT_FOUND = 'Video not found.';
export const CAPTION_NOT_FOUND = 'Caption not found.';
export const ONLY_VIDEO_LESSONS = 'Only video lessons carry a video and captions';
export const cannotRetry = (status: string) =>
  `Only a failed or cancelled video can be retried; this one is ${status}.`;
export const cannotCancel = (status: string) =>
  `Only a queued or running video can be cancelled; this one is ${status}.`;
export const NOT_WEBVTT = 'Captions must be a WebVTT file (UTF-8, starting with WEBVTT)';
export const CAPTION_TOO_LARGE = `Captions must be at most ${MAX_CAPTION_BYTES / 1024} KiB`;

type Deps = {
  db: Db;
  clock: Clock;
  writer: AdminWriter;
  storage: VideoStorage;
  queue: VideoQueue;
  support: () => VideoSupport;
};

export class VideoAdminService {
  constructor(private readonly deps: Deps) {}

  support(): VideoSupport {
    return this.deps.support();
  }

  async lessonVideo(tenantId: number, lessonId: number): Promise<LessonVideoState> {
    await ownedLesson(this.deps.db, tenantId, lessonId);
    return lessonVideoState(this.deps.db, lessonId);
  }

  /** failed or cancelled → queued, attempts + 1, and enqueued again. */
  async retry(actor: AdminActor, videoId: number): Promise<AdminVideo> {
    const attempt = await this.deps.writer.run(actor, async (trx) => {
      const video = await ownedVideo(trx, actor.tenant.id, videoId);
      if (video.status !== 'failed' && video.status !== 'cancelled')
        throw conflict(cannotRetry(video.status));
      const done = await trx
        .updateTable('videos')
        .set((eb) => ({
          status: 'queued',
          attempts: eb('attempts', '+', 1),
          progress: 0,
          error: null,
          started_at: null,
          finished_at: null,
        }))
        .where('id', '=', videoId)
        .where('status', 'in', ['failed', 'cancelled'])
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw conflict(cannotRetry('changing'));
      return {
        result: video.attempts + 1,
        audit: videoAudit('video.retry', videoId, auditSummary.videoRetried(videoId, video.lesson_id)),
      };
    });
    await this.deps.queue.enqueue({ id: videoId, tenantId: actor.tenant.id, attempt });
    return this.video(actor.tenant.id, videoId);
  }

  /** queued or running → cancelled; a running ffmpeg is killed (at once here, at its next renewal elsewhere). */
  async cancel(actor: AdminActor, videoId: number): Promise<AdminVideo> {
    await this.deps.writer.run(actor, async (trx) => {
      const video = await ownedVideo(trx, actor.tenant.id, videoId);
      const done = await trx
        .updateTable('videos')
        .set({
          status: 'cancelled',
          lease_owner: null,
          lease_until: null,
          finished_at: this.deps.clock.now().toISOString(),
        })
        .where('id', '=', videoId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw conflict(cannotCancel(video.status));
      return {
        result: null,
        audit: videoAudit('video.cancel', videoId, auditSummary.videoCancelled(videoId, video.lesson_id)),
      };
    });
    this.deps.queue.cancelled(videoId);
    return this.video(actor.tenant.id, videoId);
  }

  /** The lesson stops playing its uploaded video (back to its link); jobs still working are cancelled. */
  async detach(actor: AdminActor, lessonId: number): Promise<LessonVideoState> {
    const cancelled = await this.deps.writer.run(actor, async (trx) => {
      const lesson = await ownedLesson(trx, actor.tenant.id, lessonId);
      const working = await trx
        .updateTable('videos')
        .set({ status: 'cancelled', lease_owner: null, lease_until: null })
        .where('lesson_id', '=', lessonId)
        .where('status', 'in', ['queued', 'running'])
        .returning('id')
        .execute();
      await trx.updateTable('lessons').set({ video_id: null }).where('id', '=', lessonId).execute();
      return {
        result: working.map((row) => row.id),
        audit: {
          action: 'lesson.video.remove',
          targetType: 'lesson',
          targetId: lessonId,
          summary: auditSummary.linkPlaysAgain(lesson.name),
        },
        course: { id: lesson.course_id, lessonIds: [lessonId] },
      };
    });
    for (const id of cancelled) this.deps.queue.cancelled(id);
    return lessonVideoState(this.deps.db, lessonId);
  }

  async captions(tenantId: number, lessonId: number): Promise<AdminCaption[]> {
    await ownedLesson(this.deps.db, tenantId, lessonId);
    const rows = await this.deps.db
      .selectFrom('lesson_captions')
      .select(['language', 'label', 'created_at'])
      .where('lesson_id', '=', lessonId)
      .orderBy('language')
      .execute();
    return rows.map((row) => ({ language: row.language, label: row.label, createdAt: row.created_at }));
  }

  /** Stores a WebVTT file as the lesson's captions in `language`, replacing that language's file. */
  async saveCaption(
    actor: AdminActor,
    lessonId: number,
    input: { bytes: Buffer; language: string; label: string },
  ): Promise<AdminCaption[]> {
    const { db, writer, storage, clock } = this.deps;
    const found = await ownedLesson(db, actor.tenant.id, lessonId);
    if (found.type !== 'Video') throw badRequest(ONLY_VIDEO_LESSONS);
    const text = webVtt(input.bytes);
    const name = videoNames.caption(actor.tenant.id, randomBytes(16).toString('hex'));
    await storage.put(name, text);
    let replaced: string | null;
    try {
      replaced = await writer.run(actor, async (trx) => {
        const lesson = await ownedLesson(trx, actor.tenant.id, lessonId);
        const previous = await trx
          .selectFrom('lesson_captions')
          .select(['id', 'file_name'])
          .where('lesson_id', '=', lessonId)
          .where('language', '=', input.language)
          .executeTakeFirst();
        const values = { label: input.label, file_name: name, created_at: clock.now().toISOString() };
        if (previous)
          await trx.updateTable('lesson_captions').set(values).where('id', '=', previous.id).execute();
        else
          await trx
            .insertInto('lesson_captions')
            .values({ ...values, tenant_id: actor.tenant.id, lesson_id: lessonId, language: input.language })
            .execute();
        return {
          result: previous?.file_name ?? null,
          audit: {
            action: 'lesson.captions',
            targetType: 'lesson',
            targetId: lessonId,
            summary: auditSummary.captionsUploaded(lesson.name, input.language, input.label),
          },
          course: { id: lesson.course_id, lessonIds: [lessonId] },
        };
      });
    } catch (error) {
      await storage.removePrefix(name).catch(() => undefined);
      throw error;
    }
    if (replaced) await storage.removePrefix(replaced).catch(() => undefined);
    return this.captions(actor.tenant.id, lessonId);
  }

  async removeCaption(actor: AdminActor, lessonId: number, language: string): Promise<AdminCaption[]> {
    const file = await this.deps.writer.run(actor, async (trx) => {
      const lesson = await ownedLesson(trx, actor.tenant.id, lessonId);
      const caption = await trx
        .selectFrom('lesson_captions')
        .select(['id', 'file_name'])
        .where('lesson_id', '=', lessonId)
        .where('language', '=', language)
        .executeTakeFirst();
      if (!caption) throw notFound(CAPTION_NOT_FOUND);
      await trx.deleteFrom('lesson_captions').where('id', '=', caption.id).execute();
      return {
        result: caption.file_name,
        audit: {
          action: 'lesson.captions.delete',
          targetType: 'lesson',
          targetId: lessonId,
          summary: auditSummary.captionsRemoved(lesson.name, language),
        },
        course: { id: lesson.course_id, lessonIds: [lessonId] },
      };
    });
    await this.deps.storage.removePrefix(file).catch(() => undefined);
    return this.captions(actor.tenant.id, lessonId);
  }

  private async video(tenantId: number, videoId: number): Promise<AdminVideo> {
    return adminVideo(await ownedVideo(this.deps.db, tenantId, videoId));
  }
}

async function ownedVideo(db: Db, tenantId: number, videoId: number) {
  const row = await db
    .selectFrom('videos')
    .select([...VIDEO_COLUMNS, 'lesson_id', 'attempts'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

const videoAudit = (
  action: 'video.retry' | 'video.cancel',
  videoId: number,
  summary: string,
): AuditRecord => ({
  action,
  targetType: 'video',
  targetId: videoId,
  summary,
});

/** The file's text when it is WebVTT: UTF-8 (a BOM is dropped), starting with the WEBVTT line. */
export function webVtt(bytes: Buffer): string {
  if (bytes.length > MAX_CAPTION_BYTES) throw badRequest(CAPTION_TOO_LARGE, { file: CAPTION_TOO_LARGE });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest(NOT_WEBVTT, { file: NOT_WEBVTT });
  }
  if (!/^WEBVTT([ \t].*)?(\r\n|\r|\n|$)/.test(text)) throw badRequest(NOT_WEBVTT, { file: NOT_WEBVTT });
  return text;
}
