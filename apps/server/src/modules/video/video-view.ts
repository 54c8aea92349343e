// A videos row as the admin sees it (AdminVideo), and a lesson's video state: the video it plays and
// the newest upload's job. Also what AdminLesson.video shows.
import type { AdminVideo, LessonVideoState } from '@app/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { VideoTable } from '../../db/schema';

export const VIDEO_COLUMNS = [
  'id',
  'status',
  'progress',
  'error',
  'duration_ms',
  'renditions',
  'created_at',
  'finished_at',
] as const;

type VideoRow = Pick<Selectable<VideoTable>, (typeof VIDEO_COLUMNS)[number]>;

export function adminVideo(row: VideoRow): AdminVideo {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    error: row.error,
    durationSeconds: row.duration_ms === null ? null : Math.round(row.duration_ms / 100) / 10,
    renditions: JSON.parse(row.renditions) as number[],
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The lesson's playing video (lessons.video_id) and its newest upload (the caller checked the lesson). */
export async function lessonVideoState(db: Db, lessonId: number): Promise<LessonVideoState> {
  const [latest, playing] = await Promise.all([
    db
      .selectFrom('videos')
      .select(VIDEO_COLUMNS)
      .where('lesson_id', '=', lessonId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('lessons as l')
      .innerJoin('videos as v', 'v.id', 'l.video_id')
      .select(VIDEO_COLUMNS.map((column) => `v.${column}` as const))
      .where('l.id', '=', lessonId)
      .executeTakeFirst(),
  ]);
  return { playing: playing ? adminVideo(playing) : null, latest: latest ? adminVideo(latest) : null };
}
