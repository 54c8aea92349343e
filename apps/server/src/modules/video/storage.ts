// Where uploaded videos, their HLS ladders and caption files live (decision 0012): one small
// interface, so that object storage can stand in for the local disk later, and one set of names.
// Names are relative (`<tenantId>/<videoId>/hls/360/index.m3u8`); the local store keeps them under
// DATA_DIR/videos and refuses any name that would leave that folder.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export type ByteRange = { start: number; end?: number };
export type StoredFile = { size: number; modifiedAt: Date };

export interface VideoStorage {
  /** Writes a whole file, replacing any there. */
  put(name: string, bytes: Buffer | string): Promise<void>;
  /** A stream that writes a file (its folder is made first). */
  createWriteStream(name: string): Promise<Writable>;
  /** Reads a file, or the inclusive byte range of it; fails with ENOENT when absent. */
  createReadStream(name: string, range?: ByteRange): Readable;
  /** Size and time of a file, or null when there is none. */
  stat(name: string): Promise<StoredFile | null>;
  /** Moves a folder to a new name, replacing whatever was there. */
  renameDir(from: string, to: string): Promise<void>;
  /** Removes a file or a folder and all under it; nothing there is fine. */
  removePrefix(prefix: string): Promise<void>;
  /** The local path of a name, for ffmpeg and ffprobe, which read and write files themselves. */
  localPath(name: string): string;
}

export const videoNames = {
  videoDir: (tenantId: number, videoId: number) => `${tenantId}/${videoId}`,
  source: (tenantId: number, videoId: number) => `${tenantId}/${videoId}/source`,
  hlsDir: (tenantId: number, videoId: number) => `${tenantId}/${videoId}/hls`,
  partialDir: (tenantId: number, videoId: number, attempt: number) =>
    `${tenantId}/${videoId}/hls.partial-${attempt}`,
  playlist: (tenantId: number, videoId: number, height: number) =>
    `${tenantId}/${videoId}/hls/${height}/index.m3u8`,
  segment: (tenantId: number, videoId: number, height: number, file: string) =>
    `${tenantId}/${videoId}/hls/${height}/${file}`,
  poster: (tenantId: number, videoId: number) => `${tenantId}/${videoId}/hls/poster.jpg`,
  caption: (tenantId: number, random: string) => `${tenantId}/captions/${random}.vtt`,
};

/** `seg-00001.ts`: the only segment names a transcode writes. */
export const SEGMENT_NAME = /^seg-\d{5}\.ts$/;

export class LocalVideoStorage implements VideoStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  localPath(name: string): string {
    const path = resolve(this.root, name);
    if (!path.startsWith(this.root + sep)) throw new Error(`Not a video storage name: ${name}`);
    return path;
  }

  async put(name: string, bytes: Buffer | string): Promise<void> {
    const path = this.localPath(name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  }

  async createWriteStream(name: string): Promise<Writable> {
    const path = this.localPath(name);
    await mkdir(dirname(path), { recursive: true });
    return createWriteStream(path);
  }

  createReadStream(name: string, range?: ByteRange): Readable {
    return createReadStream(this.localPath(name), range ? { start: range.start, end: range.end } : {});
  }

  async stat(name: string): Promise<StoredFile | null> {
    const info = await stat(this.localPath(name)).catch(() => null);
    return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
  }

  async renameDir(from: string, to: string): Promise<void> {
    const target = this.localPath(to);
    await rm(target, { recursive: true, force: true });
    await mkdir(dirname(target), { recursive: true });
    await rename(this.localPath(from), target);
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.localPath(prefix), { recursive: true, force: true });
  }
}

/** The default store: DATA_DIR/videos. */
export function localVideoStorage(dataDir: string): LocalVideoStorage {
  return new LocalVideoStorage(join(dataDir, 'videos'));
}
