// Resolves X-Tenant-ID for every /api route. Routes that cannot carry the header (health, the docs,
// the confirmation link in a mail) opt out with `config: { tenant: false }`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tenant } from '../db/schema';
import { badRequest } from '../lib/app-error';
import type { TenantDirectory } from '../modules/tenants/directory';

declare module 'fastify' {
  interface FastifyContextConfig {
    tenant?: boolean;
  }
  interface FastifyRequest {
    tenantRow: Tenant | null;
  }
}

export const UNKNOWN_TENANT = 'Unknown tenant';
const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

/** The request's tenant; only for routes that did not opt out. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenantRow) throw badRequest(UNKNOWN_TENANT);
  return request.tenantRow;
}

export const tenantPlugin = fp(
  (app: FastifyInstance, opts: { tenants: TenantDirectory }, done: () => void) => {
    app.decorateRequest('tenantRow', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
      if (request.routeOptions.url === undefined || request.routeOptions.config.tenant === false) return;
      const header = request.headers['x-tenant-id'];
      const slug = typeof header === 'string' ? header.trim() : '';
      const tenant = SLUG.test(slug) ? await opts.tenants.bySlug(slug) : null;
      if (!tenant) throw badRequest(UNKNOWN_TENANT);
      request.tenantRow = tenant;
    });
    done();
  },
);
