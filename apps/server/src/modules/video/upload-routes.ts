// tus 1.0 uploads of a lesson's video (decision 0012): creation `POST /api/Admin/Lessons/{id}/Video/upload`,
// then `HEAD`/`PATCH`/`DELETE` on `…/upload/{uploadId}`. Fastify checks the admin session, the tenant
// and the lesson first (these routes sit in the admin scope); then the request is handed, unread, to
// @tus/server on the raw Node objects. An upload's id names its tenant and lesson, so one admin's
// upload cannot be continued under another lesson or school. On the last byte the file is checked
// and queued (VideoUploadService); the answer carries the new video's id in `Video-Id`.
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import { idParam } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { actorOf } from '../admin/admin-guard';
import type { VideoUploadService } from './video-upload-service';

export const FFMPEG_MISSING = 'Video processing is not installed on this server (ffmpeg)';
export const UPLOAD_NOT_FOUND = 'Upload not found.';
const TUS_CONTENT_TYPE = 'application/offset+octet-stream';
const DAY_MS = 24 * 3600 * 1000;

type Options = {
  uploads: VideoUploadService;
  /** Where unfinished uploads are kept (DATA_DIR/tus). */
  directory: string;
  maxUploadBytes: number;
  corsOrigins: string[];
  ffmpegReady: () => boolean;
};

/** The tenant and lesson a request acts for, known before tus sees it. */
type UploadScope = { tenantId: number; lessonId: number };

const UPLOAD_ID = /^(\d+)-(\d+)-[0-9a-f]{32}$/;
const UploadParams = z.object({ id: idParam, uploadId: z.string().max(100) });
const scopes = new WeakMap<IncomingMessage, UploadScope>();

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadFinish']>>[0];
const nodeRequest = (request: TusRequest) =>
  (request as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

function scopeOf(request: TusRequest): UploadScope {
  const node = nodeRequest(request);
  const scope = node && scopes.get(node);
  if (!scope) throw { status_code: 404, body: envelopeText(UPLOAD_NOT_FOUND) };
  return scope;
}

const envelopeText = (message: string) => JSON.stringify({ success: false, message, data: null });

export const videoUploadRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { uploads } = options;
  // tus bodies are read by tus from the raw request, never by Fastify.
  app.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));

  const tus = new Server({
    path: '/api/Admin/Lessons/upload',
    // An upload left unfinished for a day is removed (hourly, below).
    datastore: new FileStore({ directory: options.directory, expirationPeriodInMilliseconds: DAY_MS }),
    maxSize: options.maxUploadBytes,
    allowedOrigins: options.corsOrigins,
    exposedHeaders: ['Video-Id'],
    respectForwardedHeaders: false,
    namingFunction: (request) => {
      const { tenantId, lessonId } = scopeOf(request);
      return `${tenantId}-${lessonId}-${randomBytes(16).toString('hex')}`;
    },
    // Relative to the creation URL, whatever the proxy in front calls the host.
    generateUrl: (request, { id }) => `${new URL(request.url).pathname.replace(/\/$/, '')}/${id}`,
    onUploadFinish: async (request, upload) => {
      const { tenantId, lessonId } = scopeOf(request);
      try {
        const videoId = await uploads.accept(tenantId, lessonId, {
          file: join(options.directory, upload.id),
          size: upload.size ?? upload.offset,
        });
        return { headers: { 'Video-Id': videoId } };
      } catch (error) {
        if (error instanceof AppError)
          throw { status_code: error.statusCode, body: envelopeText(error.message) };
        throw error;
      }
    },
  });

  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), DAY_MS / 24);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  /** Hands the request to tus, which answers on the raw response. */
  async function handOver(request: FastifyRequest, reply: FastifyReply, scope: UploadScope) {
    scopes.set(request.raw, scope);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  app.post(
    '/Lessons/:id/Video/upload',
    { schema: { hide: true, params: z.object({ id: idParam }) } },
    async (request, reply) => {
      const tenantId = actorOf(request).tenant.id;
      await uploads.checkLesson(tenantId, request.params.id);
      if (!options.ffmpegReady()) throw new AppError(503, FFMPEG_MISSING);
      await handOver(request, reply, { tenantId, lessonId: request.params.id });
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/Lessons/:id/Video/upload/:uploadId',
    schema: { hide: true, params: UploadParams },
    handler: async (request, reply) => {
      const tenantId = actorOf(request).tenant.id;
      const lessonId = request.params.id;
      const match = UPLOAD_ID.exec(request.params.uploadId);
      if (!match || Number(match[1]) !== tenantId || Number(match[2]) !== lessonId)
        throw notFound(UPLOAD_NOT_FOUND);
      await uploads.checkLesson(tenantId, lessonId);
      await handOver(request, reply, { tenantId, lessonId });
    },
  });
};
