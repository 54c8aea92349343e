// Access tokens are short-lived signed JWTs; refresh tokens are random values stored only as hashes.
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomToken, sha256Hex } from '../../lib/secrets';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/Auth';

export type AccessClaims = { userId: number; tenantId: number; sessionId: string; deviceId: string };

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId, did: claims.deviceId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

/**
 * The claims of a token we signed, or null. `allowExpired` serves logout, which must end the
 * session of a device whose access token has just run out.
 */
export async function readAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: options.allowExpired ? REFRESH_TOKEN_DAYS * 86_400 : 5,
    });
    const userId = Number(payload.sub);
    const { tid, sid, did } = payload as { tid?: unknown; sid?: unknown; did?: unknown };
    if (
      !Number.isInteger(userId) ||
      typeof tid !== 'number' ||
      typeof sid !== 'string' ||
      typeof did !== 'string'
    ) {
      return null;
    }
    return { userId, tenantId: tid, sessionId: sid, deviceId: did };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256Hex(token) };
}

const CONFIRM_EMAIL_HOURS = 48;

/** The link in the confirmation mail carries the account and tenant, signed, valid 48 hours. */
export async function signEmailConfirmation(
  secret: Uint8Array,
  claims: { userId: number; tenantId: number },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tenantId, purpose: 'confirm-email' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CONFIRM_EMAIL_HOURS * 3600)
    .sign(secret);
}

export async function readEmailConfirmation(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ userId: number; tenantId: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    const { tid, purpose } = payload as { tid?: unknown; purpose?: unknown };
    const userId = Number(payload.sub);
    if (purpose !== 'confirm-email' || typeof tid !== 'number' || !Number.isInteger(userId)) return null;
    return { userId, tenantId: tid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
