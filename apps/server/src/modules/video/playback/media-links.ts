// Signed media links (decision 0012, Playback). A player cannot send the bearer header with every
// segment it loads, so the lesson content hands out links whose path carries a token; the playlists'
// relative URIs inherit the token, so nothing in a stored playlist is rewritten.
//
// token = {expiresUnix}.{tenantId}.{sessionId}.{lessonId}.{mac}, mac = base64url HMAC-SHA256 (a key
// of its own, derived from JWT_SECRET for "media-links") over
// `{scope}|{lessonId}|{expires}|{sessionId}|{tenantId}`, where scope is `hls:{videoId}` for an own
// video's folder and `captions:{lessonId}` for a link video's captions. The tenant is in the token
// because the link carries no X-Tenant-ID and row-level security shows nothing outside a tenant.
import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../lib/clock';
import { hmacBase64url } from '../../../lib/secrets';

/** Expiry is rounded up to this step, so that a student's repeated reads hand out the same links
 * (and the segments their browser cached stay cached). */
const EXPIRY_STEP_SECONDS = 600;

const TOKEN = /^(\d{1,12})\.(\d{1,12})\.([\w-]{1,64})\.(\d{1,12})\.([\w-]{43})$/;

export type MediaScope = { kind: 'hls'; videoId: number } | { kind: 'captions'; lessonId: number };

export type MediaGrant = {
  tenantId: number;
  sessionId: string;
  lessonId: number;
  /** Unix seconds. */
  expires: number;
};

const scopeText = (scope: MediaScope) =>
  scope.kind === 'hls' ? `hls:${scope.videoId}` : `captions:${scope.lessonId}`;

export class MediaLinks {
  constructor(private readonly deps: { key: Uint8Array; clock: Clock; linkHours: number }) {}

  /** The token of one lesson's media for one session, valid for VIDEO_LINK_HOURS from now. */
  token(scope: MediaScope, grant: Omit<MediaGrant, 'expires'>): string {
    const lifetime = Math.round(this.deps.linkHours * 3600);
    const nowSeconds = Math.floor(this.deps.clock.now().getTime() / 1000);
    const expires = Math.ceil((nowSeconds + lifetime) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const full = { ...grant, expires };
    return `${expires}.${grant.tenantId}.${grant.sessionId}.${grant.lessonId}.${this.mac(scope, full)}`;
  }

  /** The grant of a token whose mac is ours for `scope` and that has not expired; otherwise null. */
  verify(scope: MediaScope, token: string): MediaGrant | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const grant: MediaGrant = {
      expires: Number(match[1]),
      tenantId: Number(match[2]),
      sessionId: match[3]!,
      lessonId: Number(match[4]),
    };
    if (scope.kind === 'captions' && scope.lessonId !== grant.lessonId) return null;
    const expected = Buffer.from(this.mac(scope, grant));
    const given = Buffer.from(match[5]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return this.secondsLeft(grant) > 0 ? grant : null;
  }

  /** Seconds until the grant expires (for Cache-Control: never cached beyond it). */
  secondsLeft(grant: MediaGrant): number {
    return grant.expires - Math.floor(this.deps.clock.now().getTime() / 1000);
  }

  private mac(scope: MediaScope, grant: MediaGrant): string {
    const message = `${scopeText(scope)}|${grant.lessonId}|${grant.expires}|${grant.sessionId}|${grant.tenantId}`;
    return hmacBase64url(this.deps.key, message);
  }
}

/** The URLs an answer hands out; each path starts with /api/media and is made absolute for clients. */
export const mediaPaths = {
  hlsBase: (token: string, videoId: number) => `/api/media/hls/${token}/${videoId}`,
  master: (token: string, videoId: number) => `${mediaPaths.hlsBase(token, videoId)}/master.m3u8`,
  poster: (token: string, videoId: number) => `${mediaPaths.hlsBase(token, videoId)}/poster.jpg`,
  hlsCaption: (token: string, videoId: number, language: string) =>
    `${mediaPaths.hlsBase(token, videoId)}/captions/${language}.vtt`,
  linkCaption: (token: string, lessonId: number, language: string) =>
    `/api/media/captions/${token}/${lessonId}/${language}.vtt`,
};
