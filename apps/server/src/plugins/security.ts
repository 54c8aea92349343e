// Security headers, CORS allow-list and the per-address flood limit that covers every route,
// the 404 handler included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OWN_CLIENT_HEADER } from '@app/contract';
import cors from '@fastify/cors';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';

/** Hosts whose players the SPA embeds (YouTube and the media delivery host). */
const FRAME_SOURCES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://iframe.mediadelivery.net',
];

/** Paths of media anyone may show: the demo media and the course images admins upload. */
/**
 * Answers other origins may embed: the public catalogue media, and our own videos' signed playlists,
 * segments and captions (decision 0012), which their signed link guards, not the origin: a school's
 * second web front plays them with Safari's native HLS, which fetches without CORS.
 */
const PUBLIC_MEDIA = ['/media/', '/api/files/images/', '/api/media/'];

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      mediaSrc: ["'self'", 'https:', 'blob:'],
      connectSrc: ["'self'", 'https:'],
      fontSrc: ["'self'", 'data:'],
      frameSrc: FRAME_SOURCES,
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet would set, computed once: @fastify/helmet runs helmet (and re-parses the CSP)
 * on every request, which cost a sixth of a small route's CPU in the benchmark.
 */
export function precomputedHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurity(
  app: FastifyInstance,
  options: {
    corsOrigins: string[];
    rateLimitMax: number;
    /** The raised allowance of a school's own networks (see lib/trusted-networks.ts). */
    trustedFactor: number;
    isSchoolAddress: (request: FastifyRequest) => Promise<boolean>;
  },
): Promise<void> {
  const pageHeaders = precomputedHelmetHeaders(HELMET_OPTIONS);
  // JSON answers are not rendered by a browser: the page policies (CSP) only cost bytes there.
  const { 'content-security-policy': _csp, ...apiHeaders } = pageHeaders;
  // Public catalogue media (course images, demo media) are shown by other clients too: a school's
  // phone app, a second web front. Protected files stay same-origin, behind signed links.
  const publicMediaHeaders = { ...pageHeaders, 'cross-origin-resource-policy': 'cross-origin' };
  app.addHook('onRequest', async (request, reply) => {
    const { url } = request;
    void reply.headers(
      PUBLIC_MEDIA.some((prefix) => url.startsWith(prefix))
        ? publicMediaHeaders
        : url.startsWith('/api/') && !url.startsWith('/api/docs')
          ? apiHeaders
          : pageHeaders,
    );
  });
  // The SPA is served from the API's own origin; CORS is only for configured other origins.
  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins,
      credentials: true,
      allowedHeaders: [
        'Content-Type',
        'Accept',
        'Authorization',
        'X-Tenant-ID',
        'DeviceId',
        OWN_CLIENT_HEADER,
      ],
      // A refused attempt says how long to wait; a client on another origin must be able to read it.
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: async (request) =>
      (await options.isSchoolAddress(request))
        ? options.rateLimitMax * options.trustedFactor
        : options.rateLimitMax,
    keyGenerator: (request) => floodKey(request.ip),
    // Pages, built assets and media are static and cheap, and a whole school often shares one
    // address: one page load is a dozen files, so they must not spend the API's flood allowance.
    // A request without an address has lost its client: it is dropped before its handler
    // (plugins/load-shedding.ts), so it is not counted either.
    allowList: (request) => isStaticRead(request.method, request.url) || !request.ip,
    timeWindow: '1 minute',
    // Counted in this process's memory even with Redis: the flood limit guards each process's capacity,
    // so it need not be shared (behind a balancer over N processes an address gets up to N times the
    // allowance), and a Redis round trip on every request cost the quiz start a fifth of its CPU. The
    // attempt limits, which guard secrets, stay shared in Redis (lib/limits.ts).
    cache: FLOOD_ADDRESSES,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'Too many requests. Please try again later.', {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}

/** Addresses the flood limit remembers at once (least recently seen forgotten first). */
const FLOOD_ADDRESSES = 100_000;

/** The key an address is counted under. */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The flood limit's key: the address as @fastify/rate-limit normalises it (IPv4-mapped IPv6 as IPv4,
 * IPv6 by /64). A client that has already disconnected has no address any more (Node reports the
 * peer of a closed socket as undefined), and normalising undefined threw: a 500 under load. It is
 * counted as unknown instead.
 */
export function floodKey(ip: string | undefined): string {
  return ip ? normalizeIP(ip) : UNKNOWN_ADDRESS;
}

export function isStaticRead(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api');
}
