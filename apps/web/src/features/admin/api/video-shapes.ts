// The admin video and caption answers of decision 0012, until packages/contract/src/video.ts lands:
// the same shapes, so the switch is a change of import.
import { envelope } from '@app/contract';
import { z } from 'zod';

export const VideoStatus = z.enum(['queued', 'running', 'ready', 'failed', 'cancelled']);
export type VideoStatus = z.infer<typeof VideoStatus>;

export const AdminVideo = z.object({
  id: z.number().int(),
  status: VideoStatus,
  progress: z.number(),
  error: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  renditions: z.array(z.number().int()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminVideo = z.infer<typeof AdminVideo>;

/** GET /api/Admin/Lessons/{id}/Video: what the lesson plays, and the newest upload's job. */
export const LessonVideoState = z.object({ playing: AdminVideo.nullable(), latest: AdminVideo.nullable() });
export type LessonVideoState = z.infer<typeof LessonVideoState>;
export const LessonVideoStateResponse = envelope(LessonVideoState);

export const VideoSupport = z.object({ ffmpeg: z.boolean(), maxUploadBytes: z.number() });
export type VideoSupport = z.infer<typeof VideoSupport>;
export const VideoSupportResponse = envelope(VideoSupport);

export const AdminCaption = z.object({ language: z.string(), label: z.string(), createdAt: z.string() });
export type AdminCaption = z.infer<typeof AdminCaption>;
export const AdminCaptionsResponse = envelope(z.array(AdminCaption));
