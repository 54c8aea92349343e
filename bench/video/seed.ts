// In the server child (bench/server.ts, message `seed-video`): a ready own video as the playback tests
// make one (apps/server/test/support/video-fixture.ts), from the ladder the bench's transcode wrote:
// a course, a unit and a Video lesson, the `videos` row ready with the key the ladder was encrypted
// with, the lesson playing it, and the ladder's files put through the app's video storage. Then the
// bare static server the segment route is compared with: node:http, stat and createReadStream of the
// same folder, in the same process, so both are measured with the same process CPU reading.
import { readdirSync, readFileSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import type { Db } from '../../apps/server/src/db/connect';
import { videoNames, type VideoStorage } from '../../apps/server/src/modules/video/storage';
import { unitRows } from '../catalogue';

export type SeedVideoRequest = {
  type: 'seed-video';
  tenantSlug: string;
  /** The finished ladder's folder (the layout of `hls/`). */
  ladderDir: string;
  keyHex: string;
  durationMs: number;
  width: number;
  height: number;
  renditions: number[];
  sourceBytes: number;
};

export type SeededVideo = { tenantId: number; lessonId: number; videoId: number; staticPort: number };

export async function seedVideo(
  db: Db,
  tenantId: number,
  storage: VideoStorage,
  request: SeedVideoRequest,
): Promise<Omit<SeededVideo, 'staticPort'>> {
  const now = new Date().toISOString();
  const course = await db
    .insertInto('courses')
    .values({
      tenant_id: tenantId,
      teacher_id: null,
      name: 'دورة قياس الفيديو',
      subject: null,
      description: '',
      image_path: null,
      price_cents: 0,
      term: 'First',
      grade: 'Oman12',
      active: 1,
      open_to_all: 1,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unit = await db
    .insertInto('units')
    .values(unitRows(tenantId, course.id, 1, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  const lesson = await db
    .insertInto('lessons')
    .values({
      tenant_id: tenantId,
      unit_id: unit.id,
      position: 0,
      name: 'درس الفيديو',
      type: 'Video',
      video_url: null,
      live_session_url: null,
      attachment_url: null,
      attachment_title: null,
      attachment_file: null,
      titel: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Ready as a finished transcode leaves it; lease and error stay null.
  const { durationMs, width, height, renditions, keyHex, sourceBytes } = request;
  const video = await db
    .insertInto('videos')
    .values({
      tenant_id: tenantId,
      lesson_id: lesson.id,
      status: 'ready',
      progress: 100,
      attempts: 1,
      key_hex: keyHex,
      renditions: JSON.stringify(renditions),
      duration_ms: durationMs,
      width,
      height,
      source_name: 'lecture.mp4',
      source_bytes: sourceBytes,
      created_at: now,
      finished_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('lessons').set({ video_id: video.id }).where('id', '=', lesson.id).execute();
  const target = videoNames.hlsDir(tenantId, video.id);
  for (const file of readdirSync(request.ladderDir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(m3u8|ts|jpg)$/.test(file)) continue;
    await storage.put(`${target}/${file}`, readFileSync(join(request.ladderDir, file)));
  }
  return { tenantId, lessonId: lesson.id, videoId: video.id };
}

/** A bare static server of `root`'s files on a free port: GET /<path>, 200 with the file or 404. */
export async function serveFolder(root: string): Promise<number> {
  const server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent((request.url ?? '/').split('?')[0]!)));
    if (!path.startsWith(root + sep)) {
      response.writeHead(404).end();
      return;
    }
    stat(path).then(
      (info) => {
        response.writeHead(200, { 'Content-Type': 'video/mp2t', 'Content-Length': info.size });
        createReadStream(path).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return (server.address() as AddressInfo).port;
}
