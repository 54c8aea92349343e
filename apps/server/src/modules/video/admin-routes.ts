// /api/Admin/… routes of a lesson's uploaded video (decision 0012): whether this server transcodes,
// the job's state, retry and cancel, back to the link, and WebVTT captions. The admin scope around
// them checks the session and role; the services check the tenant's rows.
import {
  AdminCaptionsResponse,
  AdminVideoResponse,
  CaptionFields,
  CaptionPath,
  IdParams,
  LessonVideoStateResponse,
  MAX_CAPTION_BYTES,
  VideoSupportResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import { actorOf } from '../admin/admin-guard';
import { FILE_REQUIRED } from '../admin/upload-store';
import { ok, tags } from '../admin/routes/respond';
import type { VideoAdminService } from './video-admin-service';

const captionUpload = {
  multipartOptions: { limits: { files: 1, parts: 4, fileSize: MAX_CAPTION_BYTES } },
};

export const videoAdminRoutes: FastifyPluginAsyncZod<{ videos: VideoAdminService }> = async (
  app,
  { videos },
) => {
  app.get('/Video/support', { schema: { tags, response: { 200: VideoSupportResponse } } }, async () =>
    ok(videos.support()),
  );

  app.get(
    '/Lessons/:id/Video',
    { schema: { tags, params: IdParams, response: { 200: LessonVideoStateResponse } } },
    async (request) => ok(await videos.lessonVideo(actorOf(request).tenant.id, request.params.id)),
  );

  app.delete(
    '/Lessons/:id/Video',
    { schema: { tags, params: IdParams, response: { 200: LessonVideoStateResponse } } },
    async (request) =>
      ok(await videos.detach(actorOf(request), request.params.id), 'The lesson plays its link again'),
  );

  app.post(
    '/Videos/:id/retry',
    { schema: { tags, params: IdParams, response: { 200: AdminVideoResponse } } },
    async (request) => ok(await videos.retry(actorOf(request), request.params.id), 'Video queued again'),
  );

  app.post(
    '/Videos/:id/cancel',
    { schema: { tags, params: IdParams, response: { 200: AdminVideoResponse } } },
    async (request) => ok(await videos.cancel(actorOf(request), request.params.id), 'Video cancelled'),
  );

  app.get(
    '/Lessons/:id/Captions',
    { schema: { tags, params: IdParams, response: { 200: AdminCaptionsResponse } } },
    async (request) => ok(await videos.captions(actorOf(request).tenant.id, request.params.id)),
  );

  app.post(
    '/Lessons/:id/Captions',
    {
      config: captionUpload,
      schema: { tags, params: IdParams, response: { 200: AdminCaptionsResponse } },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (!Buffer.isBuffer(body.file) || body.file.length === 0)
        throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
      const fields = CaptionFields.safeParse({ language: body.language, label: body.label });
      if (!fields.success) {
        const issue = fields.error.issues[0]!;
        throw badRequest(issue.message, { [String(issue.path[0] ?? 'body')]: issue.message });
      }
      const input = { bytes: body.file, ...fields.data };
      return ok(await videos.saveCaption(actorOf(request), request.params.id, input), 'Captions saved');
    },
  );

  app.delete(
    '/Lessons/:id/Captions/:language',
    { schema: { tags, params: CaptionPath, response: { 200: AdminCaptionsResponse } } },
    async (request) =>
      ok(
        await videos.removeCaption(actorOf(request), request.params.id, request.params.language),
        'Captions removed',
      ),
  );
};
