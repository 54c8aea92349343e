// The video fields of a Video lesson's content (decision 0012): an own ready video plays its master
// playlist through signed links for this student's session; a link video plays its URL as before.
// Captions are signed either way.
import type { LessonCaption } from '@app/contract';
import { fromJson } from '../../../db/json';
import { mediaPaths, type MediaLinks } from './media-links';

/** What lesson-access.ts reads of a lesson for this, in its one statement. */
export type LessonVideoColumns = {
  id: number;
  video_url: string | null;
  video_id: number | null;
  /** JSON array of { language, label }, ordered by language. */
  captions: unknown;
};

export type LessonVideoFields = {
  videoUrl: string | null;
  hlsUrl: string | null;
  posterUrl: string | null;
  captions: LessonCaption[];
};

export class LessonVideo {
  constructor(private readonly links: MediaLinks) {}

  fields(grant: { tenantId: number; sessionId: string }, lesson: LessonVideoColumns): LessonVideoFields {
    const lessonId = lesson.id;
    const captions = fromJson<{ language: string; label: string }[]>(lesson.captions as string | null) ?? [];
    const videoId = lesson.video_id;
    if (videoId === null) {
      const token =
        captions.length > 0 ? this.links.token({ kind: 'captions', lessonId }, { ...grant, lessonId }) : '';
      return {
        videoUrl: lesson.video_url,
        hlsUrl: null,
        posterUrl: null,
        captions: captions.map((c) => ({ ...c, url: mediaPaths.linkCaption(token, lessonId, c.language) })),
      };
    }
    const token = this.links.token({ kind: 'hls', videoId }, { ...grant, lessonId });
    const hlsUrl = mediaPaths.master(token, videoId);
    return {
      videoUrl: hlsUrl,
      hlsUrl,
      posterUrl: mediaPaths.poster(token, videoId),
      captions: captions.map((c) => ({ ...c, url: mediaPaths.hlsCaption(token, videoId, c.language) })),
    };
  }
}
