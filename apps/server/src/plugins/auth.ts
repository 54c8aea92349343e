// Authenticated routes: a valid access token for this tenant and this DeviceId, whose device session
// is still live (so logout, a password reset or an operator's "end sessions" take effect at once).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock';
import type { Jwt } from '../lib/jwt';
import { unauthorized } from '../lib/app-error';
import type { LiveSession, SessionRepository } from '../modules/auth/sessions';
import { readAccessToken } from '../modules/auth/tokens';
import { tenantOf } from './tenant';

declare module 'fastify' {
  interface FastifyRequest {
    session: LiveSession | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a live session. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** The same hook with the route's own 401 message. */
    requireAuthWith: (message: string) => (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function deviceIdOf(request: FastifyRequest): string | null {
  const header = request.headers.deviceid;
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : null;
}

/**
 * The token is bound to its device session. A request without `DeviceId` is taken as coming from the
 * token's own device (clients of the spec's family omit it on several calls, API.md); a header that
 * names another device is refused.
 */
function sameDevice(tokenDevice: string, request: FastifyRequest): boolean {
  if (request.headers.deviceid === undefined) return true;
  return deviceIdOf(request) === tokenDevice;
}

/** The live session of an authenticated route; requireAuth has run before the handler. */
export function sessionOf(request: FastifyRequest): LiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionRepository; clock: Clock; jwt: Jwt }) => {
    app.decorateRequest('session', null);
    const authenticate = async (request: FastifyRequest, message?: string) => {
      const tenant = tenantOf(request);
      const token = bearerOf(request);
      if (!token) throw unauthorized(message);
      const now = opts.clock.now();
      const claims = readAccessToken(opts.jwt, token, now);
      if (!claims || claims.tenantId !== tenant.id || !sameDevice(claims.deviceId, request))
        throw unauthorized(message);
      const session = await opts.sessions.findLive(claims.sessionId, tenant.id, now);
      if (!session || session.user.id !== claims.userId) throw unauthorized(message);
      request.session = session;
    };
    app.decorate('requireAuth', (request: FastifyRequest) => authenticate(request));
    app.decorate(
      'requireAuthWith',
      (message: string) => (request: FastifyRequest) => authenticate(request, message),
    );
  },
);
