// Security headers, CORS allow-list and the per-address flood limit that covers every route,
// the 404 handler included.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

/** Hosts whose players the SPA embeds (YouTube and the media delivery host). */
const FRAME_SOURCES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://iframe.mediadelivery.net',
];

export async function registerSecurity(
  app: FastifyInstance,
  options: { corsOrigins: string[]; rateLimitMax: number; redis: Redis | null },
): Promise<void> {
  await app.register(helmet, {
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
  });
  await app.register(cors, {
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    credentials: true,
    allowedHeaders: ['Content-Type', 'Accept', 'Authorization', 'X-Tenant-ID', 'DeviceId'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitMax,
    timeWindow: '1 minute',
    skipOnError: true,
    ...(options.redis ? { redis: options.redis, nameSpace: 'flood:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'Too many requests. Please try again later.', {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}
