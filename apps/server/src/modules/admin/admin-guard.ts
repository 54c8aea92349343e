// Every /api/Admin route: a live session (401 otherwise, from the auth plugin) whose account is an
// admin of the request's tenant (403 otherwise). The token is bound to its tenant, so an admin of
// another school is a 401 before the role is looked at.
import type { FastifyRequest } from 'fastify';
import type { Tenant } from '../../db/schema';
import { forbidden } from '../../lib/app-error';
import { sessionOf } from '../../plugins/auth';
import { tenantOf } from '../../plugins/tenant';

export const ADMINS_ONLY = 'Only administrators can do this';

/** Who acts and where: what every admin service method is given. */
export type AdminActor = { tenant: Tenant; userId: number; name: string };

/** onRequest hook, after requireAuth: 403 unless the signed-in account is an admin. */
export async function requireAdminRole(request: FastifyRequest): Promise<void> {
  if (sessionOf(request).user.role !== 'admin') throw forbidden(ADMINS_ONLY);
}

export function actorOf(request: FastifyRequest): AdminActor {
  const { user } = sessionOf(request);
  return { tenant: tenantOf(request), userId: user.id, name: user.name };
}
