// Access tokens are short-lived signed JWTs; refresh tokens are random values stored only as hashes.
import type { Jwt } from '../../lib/jwt';
import { hmacBase64url, randomToken, sha256Hex } from '../../lib/secrets';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
/** How long a just-rotated refresh token still answers with its successor (parallel tabs). */
export const REFRESH_GRACE_SECONDS = 30;
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/Auth';
const CONFIRM_EMAIL_SECONDS = 48 * 3600;

export type AccessClaims = { userId: number; tenantId: number; sessionId: string; deviceId: string };

export const signAccessToken = (jwt: Jwt, claims: AccessClaims, now: Date): string =>
  jwt.sign(
    {
      sub: String(claims.userId),
      purpose: 'access',
      tid: claims.tenantId,
      sid: claims.sessionId,
      did: claims.deviceId,
      // Two tokens issued to one session in the same second are otherwise byte-identical; a unique
      // id keeps every issued token distinct (a client can tell a renewed token from the old one).
      jti: randomToken(9),
    },
    ACCESS_TOKEN_SECONDS,
    now,
  );

/**
 * The claims of an access token we signed, or null. `allowExpired` serves logout, which must end the
 * session of a device whose access token has just run out.
 */
export function readAccessToken(
  jwt: Jwt,
  token: string,
  now: Date,
  options: { allowExpired?: boolean } = {},
): AccessClaims | null {
  const payload = jwt.verify(token, 'access', now, options.allowExpired ? REFRESH_TOKEN_DAYS * 86_400 : 5);
  if (!payload) return null;
  const userId = Number(payload.sub);
  const { tid, sid, did } = payload;
  if (
    !Number.isInteger(userId) ||
    typeof tid !== 'number' ||
    typeof sid !== 'string' ||
    typeof did !== 'string'
  )
    return null;
  return { userId, tenantId: tid, sessionId: sid, deviceId: did };
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256Hex(token) };
}

/**
 * The token that replaces `presented` at rotation. It is derived (keyed, so only the server can
 * compute it) rather than random, so that parallel refreshes with one cookie (two tabs) all receive
 * the same successor during the grace period without the server storing a token in clear.
 */
export function successorRefreshToken(key: Uint8Array, presented: string): { token: string; hash: string } {
  const token = hmacBase64url(key, `refresh-successor:${presented}`);
  return { token, hash: sha256Hex(token) };
}

/** The link in the confirmation mail carries the account and tenant, signed, valid 48 hours. */
export const signEmailConfirmation = (
  jwt: Jwt,
  claims: { userId: number; tenantId: number },
  now: Date,
): string =>
  jwt.sign(
    { sub: String(claims.userId), purpose: 'confirm-email', tid: claims.tenantId },
    CONFIRM_EMAIL_SECONDS,
    now,
  );

export function readEmailConfirmation(
  jwt: Jwt,
  token: string,
  now: Date,
): { userId: number; tenantId: number } | null {
  const payload = jwt.verify(token, 'confirm-email', now, 0);
  const userId = Number(payload?.sub);
  if (!payload || typeof payload.tid !== 'number' || !Number.isInteger(userId)) return null;
  return { userId, tenantId: payload.tid };
}
