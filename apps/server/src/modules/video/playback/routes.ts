// /api/media/*: an own video's HLS ladder, its key and poster and captions, and a link video's
// captions, each behind a signed token in the path (media-links.ts). What each file needs beyond the
// token is decided in playback-service.ts. Names are checked against strict forms before any read,
// so no request can reach a file outside the video's folder.
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/app-error';
import { SEGMENT_NAME, videoNames, type VideoStorage } from '../storage';
import { parseRange } from './byte-range';
import type { MediaGrant } from './media-links';
import { MEDIA_NOT_FOUND, type PlaybackService } from './playback-service';

type Options = { playback: PlaybackService; storage: VideoStorage };

const tags = ['Media'];
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;
const HEIGHT = /^\d{2,4}$/;

const PLAYLIST = 'application/vnd.apple.mpegurl';
const VTT = 'text/vtt; charset=utf-8';

const Token = z.string().min(1).max(200);
const Id = z.coerce.number().int().positive().max(2_147_483_647);
const Name = z.string().min(1).max(40);
const HlsParams = z.object({ token: Token, videoId: Id });
/** Every media route is reached with a link, not a tenant header or a bearer token. */
const config = { tenant: false } as const;

/** `ar.vtt` → 'ar'; null when the name is not a language and the extension. */
function languageOf(file: string, extension: '.vtt' | '.m3u8'): string | null {
  if (!file.endsWith(extension)) return null;
  const language = file.slice(0, -extension.length);
  return LANGUAGE.test(language) ? language : null;
}

export const mediaRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { playback, storage } = opts;
  const hls = (token: string, videoId: number) => playback.grant({ kind: 'hls', videoId }, token);

  /** A stored file with the link's cache lifetime and byte ranges. */
  async function sendStored(
    reply: FastifyReply,
    name: string,
    type: string,
    cache: string,
    range?: string,
  ): Promise<FastifyReply> {
    const file = await storage.stat(name);
    if (!file) throw notFound(MEDIA_NOT_FOUND);
    void reply.type(type).header('Cache-Control', cache).header('Accept-Ranges', 'bytes');
    const wanted = parseRange(range, file.size);
    if (wanted === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${file.size}`).send();
    }
    if (!wanted) return reply.header('Content-Length', file.size).send(storage.createReadStream(name));
    return reply
      .code(206)
      .header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${file.size}`)
      .header('Content-Length', wanted.end - wanted.start + 1)
      .send(storage.createReadStream(name, wanted));
  }
  const cached = (grant: MediaGrant) => `private, max-age=${playback.cacheSeconds(grant)}`;
  /** Playlists and captions depend on a live session: checked on every load. */
  const revalidated = 'private, no-cache';

  const inFolder = { config, schema: { tags, params: HlsParams } };

  app.get('/media/hls/:token/:videoId/master.m3u8', inFolder, async ({ params }, reply) => {
    const text = await playback.master(hls(params.token, params.videoId), params.videoId);
    return reply.type(PLAYLIST).header('Cache-Control', revalidated).send(text);
  });

  // The key is never cached, by the browser or anything between: each load asks the rule again.
  app.get('/media/hls/:token/:videoId/key', inFolder, async ({ params }, reply) => {
    const key = await playback.key(hls(params.token, params.videoId), params.videoId);
    return reply.type('application/octet-stream').header('Cache-Control', 'no-store').send(key);
  });

  app.get('/media/hls/:token/:videoId/poster.jpg', inFolder, async ({ params, headers }, reply) => {
    const grant = hls(params.token, params.videoId);
    const name = videoNames.poster(grant.tenantId, params.videoId);
    return sendStored(reply, name, 'image/jpeg', cached(grant), headers.range);
  });

  app.get(
    '/media/hls/:token/:videoId/captions/:file',
    { config, schema: { tags, params: HlsParams.extend({ file: Name }) } },
    async (request, reply) => {
      const { token, videoId, file } = request.params;
      const grant = hls(token, videoId);
      const playlistLanguage = languageOf(file, '.m3u8');
      if (playlistLanguage) {
        const text = await playback.captionPlaylist(grant, videoId, playlistLanguage);
        return reply.type(PLAYLIST).header('Cache-Control', revalidated).send(text);
      }
      const language = languageOf(file, '.vtt');
      if (!language) throw notFound(MEDIA_NOT_FOUND);
      return sendStored(reply, await playback.caption(grant, language), VTT, revalidated);
    },
  );

  // A playing video loads a segment every few seconds, and a whole school often shares one address:
  // segments (a mac and a file read) do not spend the API's flood allowance, as static media does not.
  app.get(
    '/media/hls/:token/:videoId/:height/:file',
    {
      config: { ...config, rateLimit: false },
      schema: { tags, params: HlsParams.extend({ height: Name, file: Name }) },
    },
    async (request, reply) => {
      const { token, videoId, height, file } = request.params;
      const grant = hls(token, videoId);
      if (!HEIGHT.test(height)) throw notFound(MEDIA_NOT_FOUND);
      if (file === 'index.m3u8') {
        const name = await playback.variant(grant, videoId, Number(height));
        return sendStored(reply, name, PLAYLIST, revalidated);
      }
      if (!SEGMENT_NAME.test(file)) throw notFound(MEDIA_NOT_FOUND);
      const name = videoNames.segment(grant.tenantId, videoId, Number(height), file);
      return sendStored(reply, name, 'video/mp2t', cached(grant), request.headers.range);
    },
  );

  app.get(
    '/media/captions/:token/:lessonId/:file',
    { config, schema: { tags, params: z.object({ token: Token, lessonId: Id, file: Name }) } },
    async (request, reply) => {
      const { token, lessonId, file } = request.params;
      const grant = playback.grant({ kind: 'captions', lessonId }, token);
      const language = languageOf(file, '.vtt');
      if (!language) throw notFound(MEDIA_NOT_FOUND);
      return sendStored(reply, await playback.caption(grant, language), VTT, revalidated);
    },
  );
};
