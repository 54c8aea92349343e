// The tenant's contact links (footer) and the health probe.
import { ContactListResponse, Health } from '@app/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect';
import { tenantOf } from '../../plugins/tenant';

export const siteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Contact/getAll',
    { schema: { tags: ['Site'], response: { 200: ContactListResponse } } },
    async (request) => {
      const tenant = tenantOf(request);
      return {
        success: true,
        message: null,
        data: [
          {
            whatsApp_Number: tenant.whatsapp_number,
            facebook_Page: tenant.facebook_page,
            youTube_Channel: tenant.youtube_channel,
            tiktokChannel: tenant.tiktok_channel,
          },
        ],
      };
    },
  );

  app.get(
    '/health',
    {
      config: { tenant: false, rateLimit: false },
      schema: { tags: ['Site'], response: { 200: Health, 503: Health } },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'error' as const, db: 'unreachable' as const });
      }
    },
  );
};
