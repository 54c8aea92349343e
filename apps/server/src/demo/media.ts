// The static media shipped with the server (sample video, sample PDF, course images, teacher photo),
// served at /media, and the demo's copies of the sample PDF under DATA_DIR/uploads.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/media: serve it at `/media/` (see the demo notes for app.ts). */
export const MEDIA_DIR = fileURLToPath(new URL('../../media', import.meta.url));
export const SAMPLE_NOTES_PDF = join(MEDIA_DIR, 'sample-notes.pdf');

/** Copies of the sample PDF as uploaded attachments; `discard` removes them again after a failure. */
export class DemoUploads {
  private readonly written: string[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly tenantId: number,
  ) {}

  /** Copies the sample PDF and returns its name relative to DATA_DIR/uploads (`<tenantId>/<hex>.pdf`). */
  addSamplePdf(): string {
    const folder = join(this.dataDir, 'uploads', String(this.tenantId));
    mkdirSync(folder, { recursive: true });
    const name = `${this.tenantId}/${randomBytes(16).toString('hex')}.pdf`;
    const target = join(this.dataDir, 'uploads', name);
    copyFileSync(SAMPLE_NOTES_PDF, target);
    this.written.push(target);
    return name;
  }

  discard(): void {
    for (const file of this.written.splice(0)) rmSync(file, { force: true });
  }
}
