// Uploaded attachments are served only to students who may see the lesson. A download link cannot
// carry the bearer header, so lesson content hands out a short-lived signed link instead.
import { jwtVerify, SignJWT, errors } from 'jose';
import type { Clock } from '../../lib/clock';

export const ATTACHMENT_LINK_MINUTES = 30;

export class AttachmentLinks {
  constructor(private readonly deps: { secret: Uint8Array; clock: Clock }) {}

  async signedUrl(claims: { tenantId: number; lessonId: number; userId: number }): Promise<string> {
    const issuedAt = Math.floor(this.deps.clock.now().getTime() / 1000);
    const token = await new SignJWT({ tid: claims.tenantId, lid: claims.lessonId, purpose: 'attachment' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ATTACHMENT_LINK_MINUTES * 60)
      .sign(this.deps.secret);
    return `/api/files/attachments/${claims.lessonId}?sig=${token}`;
  }

  async verify(lessonId: number, token: string): Promise<{ tenantId: number; userId: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.deps.secret, {
        algorithms: ['HS256'],
        currentDate: this.deps.clock.now(),
      });
      const { tid, lid, purpose } = payload as { tid?: unknown; lid?: unknown; purpose?: unknown };
      if (purpose !== 'attachment' || lid !== lessonId || typeof tid !== 'number') return null;
      return { tenantId: tid, userId: Number(payload.sub) };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
