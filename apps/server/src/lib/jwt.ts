// Signed tokens (HS256) for access tokens and signed links, through fast-jwt: synchronous node:crypto
// HMAC, and a cache of verified tokens, because an access token is checked on every request (jose's
// WebCrypto verification was a fifth of an authenticated request's CPU). The cache is ours, keyed by
// the token itself: fast-jwt's keys its cache by a SHA-256 of the token, as costly as the HS256 check
// it saves. Time comes from our clock, so `iat`/`exp` are set and checked here on every call, cached
// or not, and not by the library.
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';

/** Verified tokens kept: a busy process's live access tokens. */
const VERIFIED_TOKENS = 10_000;

export type JwtPayload = Record<string, unknown> & { sub: string; iat: number; exp: number; purpose: string };

export type Jwt = {
  sign(
    claims: Record<string, unknown> & { sub: string; purpose: string },
    lifetimeSeconds: number,
    now: Date,
  ): string;
  /** The payload when the signature is ours, the purpose matches and it has not expired (give or take). */
  verify(token: string, purpose: string, now: Date, toleranceSeconds?: number): JwtPayload | null;
};

export function createJwt(secret: Uint8Array): Jwt {
  const key = Buffer.from(secret);
  const signer = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  const verifier = createVerifier({
    key,
    algorithms: ['HS256'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  const verified = new LRUCache<string, Partial<JwtPayload>>({ max: VERIFIED_TOKENS });
  const payloadOf = (token: string): Partial<JwtPayload> | null => {
    const known = verified.get(token);
    if (known) return known;
    try {
      const payload = verifier(token) as Partial<JwtPayload>;
      verified.set(token, payload);
      return payload;
    } catch {
      return null;
    }
  };
  return {
    sign(claims, lifetimeSeconds, now) {
      const iat = Math.floor(now.getTime() / 1000);
      return signer({ ...claims, iat, exp: iat + lifetimeSeconds });
    },
    verify(token, purpose, now, toleranceSeconds = 5) {
      const payload = payloadOf(token);
      if (!payload) return null;
      const seconds = now.getTime() / 1000;
      if (payload.purpose !== purpose || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
        return null;
      if (payload.exp + toleranceSeconds <= seconds) return null;
      return payload as JwtPayload;
    },
  };
}
