// The only place that reads the environment: every setting validated once at start-up.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_TENANT, DEFAULT_TIME_ZONE } from '@app/domain';
import { DEFAULT_TRUSTED_FACTOR, parseLimitOverrides, type LimitOverrides } from './lib/limits';

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((url) => !url || /^postgres(ql)?:\/\//.test(url), 'DATABASE_URL must be a postgres:// URL'),
  DATABASE_OWNER_URL: z
    .string()
    .optional()
    .refine((url) => !url || /^postgres(ql)?:\/\//.test(url), 'DATABASE_OWNER_URL must be a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(5),
  /** PostgreSQL's client: porsager/postgres pipelined (db/pipelined-postgres.ts, decision 0016), or `pg`. */
  DATABASE_DRIVER: z.enum(['pipelined', 'pg']).default('pipelined'),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'REDIS_PREFIX: letters, digits and : _ . - only')
    .default('lp:'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('منصة التعلم <no-reply@localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: list,
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined || value === '' || value === 'false' ? false : value === 'true' ? true : value,
    ),
  DEFAULT_TENANT: z.string().default(DEFAULT_TENANT),
  DEFAULT_TIME_ZONE: z.string().default(DEFAULT_TIME_ZONE),
  LOAD_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMITS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parseLimitOverrides(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  TRUSTED_NETWORK_FACTOR: z.coerce.number().int().min(1).max(1000).default(DEFAULT_TRUSTED_FACTOR),
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  EXAM_SWEEP_MS: z.coerce.number().int().min(0).default(5000),
  EXAM_REHEARSAL_RUNS: z.coerce.number().int().min(0).max(100_000).default(1000),
  EXAM_REHEARSAL_LEAD_S: z.coerce.number().int().min(1).max(3600).default(120),
  EXAM_REHEARSAL_CHECK_MS: z.coerce.number().int().min(0).default(15_000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).optional(),
  WEB_DIST: z.string().optional(),
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
  ACCEPTS_PER_TURN: z.coerce.number().int().min(1).max(256).default(64),
  MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(200),
  MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0.95),
  OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(300).default(5),
  MAX_VIDEO_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(4 * 1024 ** 3),
  VIDEO_LINK_HOURS: z.coerce.number().min(0.1).max(48).default(6),
  VIDEO_QUEUE: z.enum(['auto', 'embedded', 'bullmq']).default('auto'),
  VIDEO_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database:
    | { kind: 'sqlite'; file: string }
    | {
        kind: 'postgres';
        /** The application's role: neither owner nor superuser, so row-level security applies. */
        url: string;
        /** The process's connections, shared by every tenant (either client). */
        poolSize: number;
        driver: 'pg' | 'pipelined';
        /** The schema owner, for migrations only; null when `url` owns the schema itself. */
        ownerUrl: string | null;
      };
  redisUrl: string | null;
  /** Prepended to every Redis key and pub/sub channel, so several deployments can share a Redis. */
  redisPrefix: string;
  jwtSecret: Uint8Array;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string | null;
  corsOrigins: string[];
  trustProxy: boolean | string;
  defaultTenant: string;
  defaultTimeZone: string;
  loadDemo: 'auto' | 'true' | 'false';
  logLevel: string;
  /** Requests per minute per address across the whole API (flood control). */
  rateLimitMax: number;
  /** Attempt limits set for this deployment (RATE_LIMITS), over DEFAULT_LIMITS. */
  limits: LimitOverrides;
  /** How many times the per-address limits a school's own networks get. */
  trustedNetworkFactor: number;
  /** How long course structures, catalogue pages and quiz keys are cached (0: off). */
  catalogueCacheMs: number;
  /** How often the exam sweeper closes attempts whose deadline has passed (0: never; decision 0013). */
  examSweepMs: number;
  /**
   * Each process rehearses an exam announced for one minute (opensAt) in the lead time before it
   * (modules/exams/exam-rehearsal.ts): `runs` students' openings and starts, writing nothing (0: off);
   * due openings are looked for every `checkMs` (0: never).
   */
  examRehearsal: { runs: number; leadMs: number; checkMs: number };
  /**
   * How long a live device session and its user are kept in memory (0: off). By default 30 s, but
   * off on PostgreSQL without Redis: other processes could not be told that a session ended.
   */
  sessionCacheMs: number;
  webDist: string | null;
  /** Connections the kernel may queue before Fastify accepts them (capped by net.core.somaxconn). */
  listenBacklog: number;
  /** Descriptors of the listening socket: connections the event loop may accept per turn (lib/listen.ts). */
  acceptsPerTurn: number;
  /** Load shedding: beyond these the API answers 503 with Retry-After instead of queueing (0: off). */
  overload: {
    /** API requests being worked on at once, body reading to answer. */
    maxInFlight: number;
    /** Mean event-loop delay over the last second, in ms. */
    maxEventLoopDelayMs: number;
    /** Event-loop utilization (0..1) above which a share of new work is refused (lib/utilization-gate.ts). */
    maxEventLoopUtilization: number;
    /** The shortest wait a shed request is told; each answer adds up to as much again at random. */
    retryAfterSeconds: number;
  };
  /** Our own video (issue 19, decision 0012). */
  video: {
    /** The largest upload accepted (Upload-Length). */
    maxUploadBytes: number;
    /** How long a signed playlist, segment, key and caption link lasts. */
    linkHours: number;
    /**
     * Where transcoding jobs run: `embedded` in this process, one at a time, from the videos table;
     * `bullmq` on a Redis queue that `npm run worker` processes serve. `auto`: bullmq with REDIS_URL.
     */
    queue: 'embedded' | 'bullmq';
    /** Jobs one `npm run worker` process runs at once. */
    workerConcurrency: number;
    ffmpegPath: string;
    ffprobePath: string;
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_OWNER_URL: set DATABASE_URL too (the role the application connects as)',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          driver: e.DATABASE_DRIVER,
          ownerUrl: e.DATABASE_OWNER_URL || null,
        }
      : { kind: 'sqlite', file: join(dataDir, 'app.sqlite') },
    redisUrl: e.REDIS_URL || null,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? persistedSecret(dataDir)),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, '') ?? null,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    defaultTenant: e.DEFAULT_TENANT,
    defaultTimeZone: e.DEFAULT_TIME_ZONE,
    loadDemo: e.LOAD_DEMO,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    limits: e.RATE_LIMITS,
    trustedNetworkFactor: e.TRUSTED_NETWORK_FACTOR,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    examSweepMs: e.EXAM_SWEEP_MS,
    examRehearsal: {
      runs: e.EXAM_REHEARSAL_RUNS,
      leadMs: e.EXAM_REHEARSAL_LEAD_S * 1000,
      checkMs: e.EXAM_REHEARSAL_CHECK_MS,
    },
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.DATABASE_URL && !e.REDIS_URL ? 0 : 30_000),
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : null,
    listenBacklog: e.LISTEN_BACKLOG,
    acceptsPerTurn: e.ACCEPTS_PER_TURN,
    overload: {
      maxInFlight: e.MAX_IN_FLIGHT,
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.MAX_EVENT_LOOP_UTILIZATION,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_S,
    },
    video: {
      maxUploadBytes: e.MAX_VIDEO_UPLOAD_BYTES,
      linkHours: e.VIDEO_LINK_HOURS,
      queue: e.VIDEO_QUEUE === 'auto' ? (e.REDIS_URL ? 'bullmq' : 'embedded') : e.VIDEO_QUEUE,
      workerConcurrency: e.VIDEO_WORKER_CONCURRENCY,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
    },
  };
}

/** Without JWT_SECRET, a random secret is generated once and kept under DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
