// The files of lessons' videos and captions, for whoever deletes those lessons (a lesson, its unit or
// its course): named inside the deleting transaction, while the rows are still there, and removed
// after it commits. Best effort: a file left behind is wasted disk, never served (its row is gone).
import type { Db } from '../../db/connect';
import { videoNames, type VideoStorage } from './storage';

export class VideoFiles {
  constructor(private readonly storage: VideoStorage) {}

  /** The storage names (folders and files) of the lessons' videos and captions. */
  async ofLessons(trx: Db, lessonIds: readonly number[]): Promise<string[]> {
    if (lessonIds.length === 0) return [];
    const [videos, captions] = await Promise.all([
      trx.selectFrom('videos').select(['id', 'tenant_id']).where('lesson_id', 'in', lessonIds).execute(),
      trx.selectFrom('lesson_captions').select('file_name').where('lesson_id', 'in', lessonIds).execute(),
    ]);
    return [
      ...videos.map((video) => videoNames.videoDir(video.tenant_id, video.id)),
      ...captions.map((caption) => caption.file_name),
    ];
  }

  async discard(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => this.storage.removePrefix(name).catch(() => undefined)));
  }
}
