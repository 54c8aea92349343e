// Uploaded attachments are served only to students who may see the lesson. A download link cannot
// carry the bearer header, so lesson content hands out a short-lived signed link instead.
import type { Clock } from '../../lib/clock';
import type { Jwt } from '../../lib/jwt';

export const ATTACHMENT_LINK_MINUTES = 30;

export class AttachmentLinks {
  constructor(private readonly deps: { jwt: Jwt; clock: Clock }) {}

  /** `fileName` only names the download (and lets a client show its type); the signature decides. */
  signedUrl(claims: { tenantId: number; lessonId: number; userId: number }, fileName: string): string {
    const token = this.deps.jwt.sign(
      { sub: String(claims.userId), purpose: 'attachment', tid: claims.tenantId, lid: claims.lessonId },
      ATTACHMENT_LINK_MINUTES * 60,
      this.deps.clock.now(),
    );
    return `/api/files/attachments/${claims.lessonId}/${encodeURIComponent(fileName)}?sig=${token}`;
  }

  verify(lessonId: number, token: string): { tenantId: number; userId: number } | null {
    const payload = this.deps.jwt.verify(token, 'attachment', this.deps.clock.now(), 0);
    if (!payload || payload.lid !== lessonId || typeof payload.tid !== 'number') return null;
    return { tenantId: payload.tid, userId: Number(payload.sub) };
  }
}
