// A finished tus upload becomes a queued video (decision 0012): its bytes must be a video container
// and ffprobe must find a video stream in it (otherwise it is removed and the answer is 400); then,
// in one transaction, the videos row is written with a fresh AES-128 key and the file moved to its
// storage name, and the job is enqueued.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import type { Db, DialectName } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/app-error';
import { runAsTenant } from '../../lib/tenant-context';
import { ownedLesson } from '../admin/owned-rows';
import { probeVideo } from './ffmpeg';
import type { VideoQueue } from './jobs/video-queue';
import { videoNames, type VideoStorage } from './storage';
import { VIDEO_SNIFF_BYTES, sniffVideoContainer } from '../admin/file-kind';
import { ONLY_VIDEO_LESSONS } from './video-admin-service';

export const NOT_A_VIDEO =
  'The file is not a video this server can read (MP4, MOV, MKV, WebM, AVI or MPEG-TS)';

type Deps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  storage: VideoStorage;
  ffprobePath: string;
  queue: VideoQueue;
};

/** The finished upload's file in the tus store, and its size. */
export type FinishedUpload = { file: string; size: number };

export class VideoUploadService {
  constructor(private readonly deps: Deps) {}

  /** The lesson may take an upload: the tenant's, and a video lesson (404, 400 otherwise). */
  async checkLesson(tenantId: number, lessonId: number): Promise<void> {
    const lesson = await ownedLesson(this.deps.db, tenantId, lessonId);
    if (lesson.type !== 'Video') throw badRequest(ONLY_VIDEO_LESSONS);
  }

  /** Checks the finished file and queues it; answers the new video's id. Removes the file when refused. */
  async accept(tenantId: number, lessonId: number, upload: FinishedUpload): Promise<number> {
    return runAsTenant(tenantId, async () => {
      try {
        await this.refuseUnlessVideo(upload.file);
        return await this.queue(tenantId, lessonId, upload);
      } finally {
        // The tus store's file (when refused) and its info file.
        await rm(upload.file, { force: true });
        await rm(`${upload.file}.json`, { force: true });
      }
    });
  }

  private async refuseUnlessVideo(file: string): Promise<void> {
    const handle = await open(file, 'r');
    const head = Buffer.alloc(VIDEO_SNIFF_BYTES);
    try {
      await handle.read(head, 0, VIDEO_SNIFF_BYTES, 0);
    } finally {
      await handle.close();
    }
    if (!sniffVideoContainer(head) || !(await probeVideo(this.deps.ffprobePath, file)))
      throw badRequest(NOT_A_VIDEO, { file: NOT_A_VIDEO });
  }

  private async queue(tenantId: number, lessonId: number, upload: FinishedUpload): Promise<number> {
    const { db, dialect, clock, storage } = this.deps;
    const videoId = await db.transaction().execute(async (trx) => {
      const lesson = await ownedLesson(trx, tenantId, lessonId, { lock: dialect });
      if (lesson.type !== 'Video') throw badRequest(ONLY_VIDEO_LESSONS);
      const row = await trx
        .insertInto('videos')
        .values({
          tenant_id: tenantId,
          lesson_id: lessonId,
          status: 'queued',
          source_name: '',
          source_bytes: upload.size,
          key_hex: randomBytes(16).toString('hex'),
          created_at: clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const source = videoNames.source(tenantId, row.id);
      await storage.put(source, '');
      await rename(upload.file, storage.localPath(source));
      await trx.updateTable('videos').set({ source_name: source }).where('id', '=', row.id).execute();
      return row.id;
    });
    await this.deps.queue.enqueue({ id: videoId, tenantId, attempt: 0 });
    return videoId;
  }
}
