// URLs in answers are absolute (API.md, Conventions): a client served from another origin (an existing
// school's app, a phone app) resolves a path like /media/courses/x.svg against its own host. The rows
// and the caches keep paths; the answer of a route marked `config: { absoluteUrls: true }` has its
// media fields rewritten here, once, against PUBLIC_URL or else the request's own origin as the
// trusted proxy reports it (Fastify's protocol and host follow TRUST_PROXY).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries media fields (imagePath, videoUrl, ...) to make absolute. */
    absoluteUrls?: boolean;
  }
}

/** The answer fields that hold a link to a file or a page of ours (`url`: a lesson caption's). */
const URL_FIELDS = new Set([
  'imagePath',
  // An exam question's image (contract exams.ts).
  'imageUrl',
  'videoUrl',
  'attachmentUrl',
  'photoUrl',
  'liveSessionUrl',
  'hlsUrl',
  'posterUrl',
  'url',
]);

/** A root-relative path ('/x', not the protocol-relative '//host/x'). */
const isRootPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

/**
 * `value` with every URL field that holds a root-relative path prefixed by `origin`. Never edits it:
 * answers may be objects a cache shares between requests. Copies only the objects and arrays on the
 * way to a field it changes, and returns `value` itself when there is none: most answers have no
 * media path. Copying all of an exam's ten questions was 3 % of the server's CPU on exam night
 * (8-22 µs an answer; 4-5 µs now).
 */
export function withAbsoluteUrls<T>(value: T, origin: string): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, index) => {
      const next = withAbsoluteUrls(item, origin);
      if (next === item) return;
      copy ??= value.slice();
      copy[index] = next;
    });
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  const record = value as Record<string, unknown>;
  // Object.keys, not Object.entries: no pair array per field.
  for (const key of Object.keys(record)) {
    const field = record[key];
    const next = URL_FIELDS.has(key) && isRootPath(field) ? origin + field : withAbsoluteUrls(field, origin);
    if (next === field) continue;
    copy ??= { ...record };
    copy[key] = next;
  }
  return (copy ?? value) as T;
}

/**
 * Set on the reads the server makes of its own API to render a page (server-pages.ts): that page is
 * shown on this very origin and cached for every visitor, so it keeps the paths. A client that sends
 * it gets paths too, which only changes how its links are spelled.
 */
export const SAME_ORIGIN_HEADER = 'x-same-origin-render';

/** PUBLIC_URL, else the origin the client used (through the trusted proxy, when there is one). */
export function originOf(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

export const absoluteUrls = fp(async (app: FastifyInstance, opts: { publicUrl: string | null }) => {
  // A callback rather than an async hook: it runs on every answer, most of which it leaves alone.
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    done(
      null,
      request.routeOptions.config.absoluteUrls && request.headers[SAME_ORIGIN_HEADER] === undefined
        ? withAbsoluteUrls(payload, originOf(request, opts.publicUrl))
        : payload,
    );
  });
});
