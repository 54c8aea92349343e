// Builds the Fastify application: plugins in order, then the API modules under /api, then the SPA.
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Clock } from './lib/clock';
import { migrateToLatest } from './db/migrate';
import { bypassesRowSecurity } from './db/row-level-security';
import { notFound } from './lib/app-error';
import { authRoutes } from './modules/auth/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { learningRoutes } from './modules/learning/routes';
import { attemptRoutes } from './modules/exams/attempt-routes';
import { unitCodeRoutes } from './modules/unit-codes/routes';
import { profileRoutes } from './modules/profile/routes';
import { siteRoutes } from './modules/site/routes';
import { adminRoutes } from './modules/admin/routes/admin-routes';
import { quizSettingsRoutes } from './modules/exams/settings-routes';
import { quizStatisticsRoutes } from './modules/exams/statistics-routes';
import { questionBankRoutes } from './modules/question-bank/routes';
import { bookRoutes } from './modules/books/routes';
import { videoRoutes } from './modules/video/routes';
import { mediaRoutes } from './modules/video/playback/routes';
import { absoluteUrls } from './plugins/absolute-urls';
import { authPlugin } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { gracefulClose } from './plugins/graceful-close';
import { loadShedding } from './plugins/load-shedding';
import { registerSecurity } from './plugins/security';
import { loadServerPages, sendPage } from './plugins/server-pages';
import { createSerializerCompiler } from './plugins/serializer';
import { tenantPlugin, tenantSlugOf } from './plugins/tenant';
import { isTrustedAddress } from './lib/trusted-networks';
import { requestValidatorCompiler } from './plugins/validator';
import { loadDemoAtStartup } from './demo/startup';
import type { CatalogueCache } from './modules/catalogue/catalogue-cache';
import { DEFAULT_TENANT_NAME } from './modules/tenants/directory';
import { createServices, type ServiceOverrides, type Services } from './services';

export const MEDIA_DIR = join(import.meta.dirname, '../media');

/** JSON bodies are small; uploads get their own limits on their own routes. */
const BODY_LIMIT = 64 * 1024;

export type BuiltApp = { app: FastifyInstance; services: Services };

/** What a caller may swap: the services' clock and limits, and where log lines go (tests read them). */
export type AppOverrides = ServiceOverrides & { logStream?: { write(line: string): void } };

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ validate: config.env !== 'production' }));
  registerErrorHandling(app);
  await app.register(gracefulClose);

  const services = createServices(config, app.log, overrides);
  app.addHook('onClose', () => services.close());
  // Closes exam attempts whose deadline has passed, from the first sweep on (decision 0013).
  app.addHook('onReady', async () => services.examSweeper.start());
  app.addHook('onReady', async () => services.examRehearsals.start());
  await migrateToLatest(services.database);
  if (services.database.dialect === 'postgres') {
    const { role, bypasses } = await bypassesRowSecurity(services.database.db);
    if (bypasses)
      app.log.warn(
        `PostgreSQL role ${role} bypasses row-level security (superuser or BYPASSRLS): connect DATABASE_URL ` +
          'as a role that is neither, and migrate with DATABASE_OWNER_URL',
      );
  }
  const tenant = await services.tenants.ensure(
    { slug: config.defaultTenant, name: DEFAULT_TENANT_NAME, timeZone: config.defaultTimeZone },
    services.clock,
  );
  await loadDemoAtStartup({
    db: services.database.db,
    clock: services.clock,
    dataDir: config.dataDir,
    tenant,
    mode: config.loadDemo,
    print: (text) => {
      if (config.logLevel !== 'silent') process.stdout.write(text);
    },
  });
  // The demo sets the contact links; ensure() cached the tenant row before it did.
  services.tenants.forget(tenant.slug);

  await registerSecurity(app, {
    corsOrigins: config.corsOrigins,
    rateLimitMax: config.rateLimitMax,
    trustedFactor: config.trustedNetworkFactor,
    isSchoolAddress: async (request) => {
      const slug = tenantSlugOf(request);
      const tenant = slug ? await services.tenants.bySlug(slug) : null;
      return isTrustedAddress(tenant?.trusted_networks ?? null, request.ip);
    },
  });
  // After CORS (a shed answer must be readable cross-origin) and before tenant, session and rate limit
  // (a shed request costs no lookups); after start-up's migrations, which would read as a slow loop.
  await app.register(loadShedding, config.overload);
  // Cookies are parsed only where they are read (the refresh cookie, under /api/Auth), not on every request.
  await app.register(cookie, { hook: false });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 20, fieldSize: 16 * 1024, files: 0, parts: 20 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Learning platform API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(tenantPlugin, { tenants: services.tenants });
  await app.register(absoluteUrls, { publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    sessions: services.sessions,
    clock: services.clock,
    jwt: services.jwt,
  });

  await app.register(
    async (api) => {
      await api.register(siteRoutes, { db: services.database.db });
      await api.register(authRoutes, {
        prefix: '/Auth',
        auth: services.auth,
        ownDevices: services.ownDevices,
        passwordReset: services.passwordReset,
        secureCookies: 'auto',
      });
      await api.register(profileRoutes, { prefix: '/Student', profile: services.profile });
      await api.register(catalogueRoutes, { catalogue: services.catalogue });
      await api.register(learningRoutes, {
        enrolment: services.enrolment,
        progress: services.progress,
        quizzes: services.quizzes,
        access: services.access,
        attachments: services.attachments,
        tenants: services.tenants,
        uploadsDir: services.uploadsDir,
        rehearsals: services.examRehearsals,
      });
      await api.register(attemptRoutes, { attempts: services.examAttempts });
      await api.register(unitCodeRoutes, { unitCodes: services.unitCodes });
      await api.register(bookRoutes, { books: services.books });
      await api.register(adminRoutes, { admin: services.admin });
      await api.register(quizSettingsRoutes, { prefix: '/Admin', quizSettings: services.quizSettings });
      await api.register(quizStatisticsRoutes, {
        prefix: '/Admin',
        statistics: services.quizStatistics,
        retakes: services.retakes,
      });
      await api.register(questionBankRoutes, { bank: services.questionBank });
      await api.register(videoRoutes, {
        video: services.video,
        maxUploadBytes: config.video.maxUploadBytes,
        corsOrigins: config.corsOrigins,
      });
      await api.register(mediaRoutes, { playback: services.playback, storage: services.videoStorage });
    },
    { prefix: '/api' },
  );

  // Demo media (sample lesson video, images): static files with HTTP range support for seeking.
  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  });
  await registerSpa(app, config, services.catalogueCache, services.clock);
  return { app, services };
}

/** Serves the built web app with history fallback; /api paths that match nothing are a 404 envelope. */
async function registerSpa(
  app: FastifyInstance,
  config: Config,
  catalogue: CatalogueCache,
  clock: Clock,
): Promise<void> {
  const dist = config.webDist ?? join(import.meta.dirname, '../../web/dist');
  const hasSpa = existsSync(join(dist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz twins (vite-plugin-compression2); send the one the phone accepts.
      preCompressed: true,
      // Built assets carry a content hash: cached for a year. The page itself is revalidated, so a
      // new release reaches phones on their next visit.
      setHeaders: (reply, path) => {
        void reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const prerendered = prerenderedPages(dist);
  const serverPages = hasSpa
    ? await loadServerPages(app, dist, {
        ttlMs: config.catalogueCacheMs,
        version: () => catalogue.version,
        clock,
      })
    : null;
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && hasSpa;
    if (!wantsPage) throw notFound('Not found');
    const page = request.method === 'GET' ? await serverPages?.render(request) : null;
    if (page) return sendPage(request, reply, page);
    const pathname = request.url.split(/[?#]/, 1)[0]!;
    return reply.type('text/html; charset=utf-8').sendFile(prerendered.get(pathname) ?? 'index.html');
  });
}

/** Address → file for the pages the web build prerendered (apps/web/build/prerender.ts writes
 * dist/pages/<path>.html, `index` being `/`, e.g. pages/grades/egypt.html); empty when it wrote none. */
function prerenderedPages(dist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = join(dist, 'pages');
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const name = /^(.+)\.html$/.exec(file.split(sep).join('/'))?.[1];
    if (name) pages.set(name === 'index' ? '/' : `/${name}`, `pages/${name}.html`);
  }
  return pages;
}
