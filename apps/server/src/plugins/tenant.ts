// Resolves X-Tenant-ID for every /api route. Routes that cannot carry the header (health, the docs,
// the confirmation link in a mail) opt out with `config: { tenant: false }`.
//
// On PostgreSQL the rest of the request then runs in that tenant's scope (lib/tenant-context.ts),
// which is what row-level security sees. The scope is entered with callback-style hooks, because the
// handler runs inside the `done` of the last hook: once in onRequest (so the route's own onRequest
// hooks, authentication among them, are inside it) and again in preValidation, since the body is read
// from stream events that carry the socket's context, not the request's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tenant } from '../db/schema';
import { badRequest } from '../lib/app-error';
import type { ClientAddress } from '../lib/limits';
import { isTrustedAddress } from '../lib/trusted-networks';
import { runInScope, tenantScopesEnabled, type TenantScope } from '../lib/tenant-context';
import type { TenantDirectory } from '../modules/tenants/directory';

declare module 'fastify' {
  interface FastifyContextConfig {
    tenant?: boolean;
  }
  interface FastifyRequest {
    tenantRow: Tenant | null;
    tenantScope: TenantScope | null;
  }
}

export const UNKNOWN_TENANT = 'Unknown tenant';
const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

/** The X-Tenant-ID header when it is well-formed: only then is it looked up. */
export function tenantSlugOf(request: FastifyRequest): string | null {
  const header = request.headers['x-tenant-id'];
  const slug = typeof header === 'string' ? header.trim() : '';
  return SLUG.test(slug) ? slug : null;
}

/** Where the request comes from, and whether that is one of its school's own networks. */
export function clientAddressOf(request: FastifyRequest): ClientAddress {
  return { ip: request.ip, trusted: isTrustedAddress(tenantOf(request).trusted_networks, request.ip) };
}

/** The request's tenant; only for routes that did not opt out. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenantRow) throw badRequest(UNKNOWN_TENANT);
  return request.tenantRow;
}

export const tenantPlugin = fp(
  (app: FastifyInstance, opts: { tenants: TenantDirectory }, done: () => void) => {
    app.decorateRequest('tenantRow', null);
    app.decorateRequest('tenantScope', null);
    const resolve = async (request: FastifyRequest): Promise<Tenant | null> => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return null;
      if (request.routeOptions.url === undefined || request.routeOptions.config.tenant === false) return null;
      const slug = tenantSlugOf(request);
      const tenant = slug ? await opts.tenants.bySlug(slug) : null;
      if (!tenant) throw badRequest(UNKNOWN_TENANT);
      return tenant;
    };
    if (!tenantScopesEnabled()) {
      app.addHook('onRequest', async (request) => {
        request.tenantRow = await resolve(request);
      });
      return done();
    }
    app.addHook('onRequest', (request, _reply, next) => {
      resolve(request).then(
        (tenant) => {
          request.tenantRow = tenant;
          const scope: TenantScope = { tenantId: tenant?.id ?? null };
          request.tenantScope = scope;
          runInScope(scope, () => next());
        },
        (error: Error) => next(error),
      );
    });
    app.addHook('preValidation', (request, _reply, next) => {
      if (request.tenantScope) runInScope(request.tenantScope, () => next());
      else next();
    });
    done();
  },
);
