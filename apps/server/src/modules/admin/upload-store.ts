// Files an admin uploads, under DATA_DIR/uploads: lesson attachments in `<tenantId>/` (served only
// through signed links to students who may see the lesson, like the demo's), course images in
// `public/` (the catalogue is public, so they are served to anyone at /api/files/images/<name>).
// Names are random, so a stored file never changes and can be cached for a year.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { badRequest } from '../../lib/app-error';
import { sniffFileKind, type FileKind } from './file-kind';

export const IMAGE_ROUTE = '/api/files/images/';
const IMAGE_NAME = /^\d+-[0-9a-f]{32}\.(png|jpg|webp)$/;

export const FILE_REQUIRED = 'A file is required';

/** The `file` part of a multipart body (the multipart plugin attaches it as a Buffer). */
export function uploadedFile(body: unknown, allowed: readonly FileKind[], what: string) {
  const file = (body as Record<string, unknown> | null | undefined)?.file;
  if (!Buffer.isBuffer(file) || file.length === 0) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
  const kind = sniffFileKind(file);
  if (kind === null || !allowed.includes(kind)) {
    const message = `${what} must be ${allowed.join(', ')}`;
    throw badRequest(message, { file: message });
  }
  return { bytes: file, kind };
}

export class UploadStore {
  private readonly root: string;

  constructor(uploadsDir: string) {
    this.root = resolve(uploadsDir);
  }

  /** Stores an attachment; answers its name relative to the uploads folder (lessons.attachment_file). */
  async saveAttachment(tenantId: number, file: { bytes: Buffer; kind: FileKind }): Promise<string> {
    const name = `${tenantId}/${randomBytes(16).toString('hex')}.${file.kind}`;
    await this.write(name, file.bytes);
    return name;
  }

  /** Stores a public image; answers the path students load it from (courses.image_path). */
  async saveImage(tenantId: number, file: { bytes: Buffer; kind: FileKind }): Promise<string> {
    const name = `${tenantId}-${randomBytes(16).toString('hex')}.${file.kind}`;
    await this.write(`public/${name}`, file.bytes);
    return `${IMAGE_ROUTE}${name}`;
  }

  /** The file behind an image name, or null when the name is not one this store gives out. */
  imageFile(name: string): string | null {
    if (!IMAGE_NAME.test(name)) return null;
    const file = join(this.root, 'public', name);
    return existsSync(file) ? file : null;
  }

  /** Removes a replaced course image, when it is one this store gave out. Best effort. */
  async discardImage(imagePath: string | null): Promise<void> {
    const name = imagePath?.startsWith(IMAGE_ROUTE) ? imagePath.slice(IMAGE_ROUTE.length) : '';
    if (IMAGE_NAME.test(name)) await this.remove(`public/${name}`);
  }

  /** Removes a replaced attachment (`<tenantId>/<name>`). Best effort. */
  async discardAttachment(name: string | null): Promise<void> {
    if (name && /^\d+\/[\w-]+\.\w+$/.test(name)) await this.remove(name);
  }

  private async remove(relative: string): Promise<void> {
    await rm(join(this.root, relative), { force: true }).catch(() => undefined);
  }

  private async write(relative: string, bytes: Buffer): Promise<void> {
    const file = join(this.root, relative);
    await mkdir(resolve(file, '..'), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx' });
  }
}
