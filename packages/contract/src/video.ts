// Our own video (decision 0012), the admin side: whether this server can transcode, a lesson's
// uploaded video and its transcoding job, and its WebVTT captions. The upload itself is tus 1.0 at
// /api/Admin/Lessons/{id}/Video/upload (not JSON: see decision 0012).
import { z } from 'zod';
import { envelope, idParam } from './common';
import { humanText } from './text';

export const VideoStatus = z.enum(['queued', 'running', 'ready', 'failed', 'cancelled']);
export type VideoStatus = z.infer<typeof VideoStatus>;

/** One upload and its job: progress 0–100 while running, error ffmpeg's message when failed. */
export const AdminVideo = z.object({
  id: z.number().int(),
  status: VideoStatus,
  progress: z.number(),
  error: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** The ladder's heights once ready, e.g. [240, 360]. */
  renditions: z.array(z.number().int()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminVideo = z.infer<typeof AdminVideo>;

/** GET /api/Admin/Lessons/{id}/Video: the video the lesson plays, and the newest upload's job. */
export const LessonVideoState = z.object({ playing: AdminVideo.nullable(), latest: AdminVideo.nullable() });
export type LessonVideoState = z.infer<typeof LessonVideoState>;
export const LessonVideoStateResponse = envelope(LessonVideoState);

/** GET /api/Admin/Video/support: can this server transcode, and the largest upload. */
export const VideoSupport = z.object({ ffmpeg: z.boolean(), maxUploadBytes: z.number() });
export type VideoSupport = z.infer<typeof VideoSupport>;
export const VideoSupportResponse = envelope(VideoSupport);

/** POST /api/Admin/Videos/{id}/retry (failed or cancelled → queued) and /cancel (queued or running →
 * cancelled) answer the video; 409 from any other state. */
export const AdminVideoResponse = envelope(AdminVideo);

export const AdminCaption = z.object({ language: z.string(), label: z.string(), createdAt: z.string() });
export type AdminCaption = z.infer<typeof AdminCaption>;
export const AdminCaptionsResponse = envelope(z.array(AdminCaption));

/** A BCP 47 tag as captions use it: "ar", "en", "en-GB", "zh-Hant". */
export const CaptionLanguage = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, 'language must be a BCP 47 tag such as ar or en-GB');

/** POST /api/Admin/Lessons/{id}/Captions: multipart `file` (WebVTT, ≤ 512 KiB), `language`, `label`. */
export const CaptionFields = z.object({
  language: CaptionLanguage,
  label: z.string().trim().min(1, 'label is required').max(100).superRefine(humanText('Caption label')),
});
export const MAX_CAPTION_BYTES = 512 * 1024;

/** DELETE /api/Admin/Lessons/{id}/Captions/{language}. */
export const CaptionPath = z.object({ id: idParam, language: CaptionLanguage });
