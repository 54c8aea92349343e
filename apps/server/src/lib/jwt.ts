// Signed tokens (HS256) for access tokens and signed links, through fast-jwt: synchronous node:crypto
// HMAC and a cache of verified tokens, because an access token is checked on every request (jose's
// WebCrypto verification was a fifth of an authenticated request's CPU). Time comes from our clock,
// so `iat`/`exp` are set and checked here, not by the library.
import { createSigner, createVerifier } from 'fast-jwt';

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
    cache: 10_000,
    // The cache's own key is by default a SHA-256 of the token: as costly as checking an HS256
    // signature, which is what the cache saves. The token itself is the key (a Map lookup).
    cacheKeyBuilder: (token: string) => token,
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  return {
    sign(claims, lifetimeSeconds, now) {
      const iat = Math.floor(now.getTime() / 1000);
      return signer({ ...claims, iat, exp: iat + lifetimeSeconds });
    },
    verify(token, purpose, now, toleranceSeconds = 5) {
      let payload: Partial<JwtPayload>;
      try {
        payload = verifier(token) as Partial<JwtPayload>;
      } catch {
        return null;
      }
      const seconds = now.getTime() / 1000;
      if (payload.purpose !== purpose || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
        return null;
      if (payload.exp + toleranceSeconds <= seconds) return null;
      return payload as JwtPayload;
    },
  };
}
