// /api/Admin/Me, /api/Admin/Site (and its QuizGrading) and /api/Admin/AuditLog.
import {
  AdminMeResponse,
  AuditQuery,
  AuditPageResponse,
  QuizGradingSettings,
  SiteSettings,
  SiteSettingsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../admin-guard';
import type { AuditLog } from '../audit-log';
import type { SiteAdminService } from '../site-admin-service';
import { ok, tags } from './respond';

type Options = { site: SiteAdminService; audit: AuditLog };

export const siteAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { site, audit }) => {
  app.get('/Me', { schema: { tags, response: { 200: AdminMeResponse } } }, async (request) => {
    const actor = actorOf(request);
    return ok({ id: actor.userId, name: actor.name, tenantName: actor.tenant.name });
  });

  app.get('/Site', { schema: { tags, response: { 200: SiteSettingsResponse } } }, async (request) =>
    ok(await site.get(actorOf(request).tenant.id)),
  );

  app.put(
    '/Site',
    { schema: { tags, body: SiteSettings, response: { 200: SiteSettingsResponse } } },
    async (request) => ok(await site.update(actorOf(request), request.body), 'Settings saved'),
  );

  app.put(
    '/Site/QuizGrading',
    { schema: { tags, body: QuizGradingSettings, response: { 200: SiteSettingsResponse } } },
    async (request) =>
      ok(await site.setQuizGrading(actorOf(request), request.body.clientGradedQuizzes), 'Settings saved'),
  );

  app.get(
    '/AuditLog',
    { schema: { tags, querystring: AuditQuery, response: { 200: AuditPageResponse } } },
    async (request) => ok(await audit.list(actorOf(request).tenant.id, request.query)),
  );
};
