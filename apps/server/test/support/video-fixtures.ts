// What the video tests share: a tiny test clip made by ffmpeg, a tus 1.0 client over plain HTTP
// (chunked PATCHes, one of them cut off mid-body and resumed from the HEAD offset), waiting for a
// job to end, and decrypting an HLS segment to check it is playable media.
import { execFileSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

/** A 10 s testsrc + sine clip (H.264/AAC in MP4) of the given size, made once per folder. */
export function makeClip(dir: string, size = '640x360', seconds = 10): string {
  const file = join(dir, `clip-${size}-${seconds}.mp4`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

export type TusAuth = { baseUrl: string; tenant: string; token: string | null; deviceId: string };

/** The tenant, device and bearer token headers of a signed-in caller. */
export const authHeaders = (auth: TusAuth): Record<string, string> => ({
  'x-tenant-id': auth.tenant,
  deviceid: auth.deviceId,
  ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
});

const tusHeaders = (auth: TusAuth, extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  ...authHeaders(auth),
  ...extra,
});

/** POST: creates an upload; answers the status, the Location (absolute) and the body. */
export async function createUpload(auth: TusAuth, lessonId: number, length: number, name = 'lecture.mp4') {
  const response = await fetch(`${auth.baseUrl}/api/Admin/Lessons/${lessonId}/Video/upload`, {
    method: 'POST',
    headers: tusHeaders(auth, {
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    }),
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    location: location ? new URL(location, auth.baseUrl).toString() : null,
    text: await response.text(),
  };
}

export async function patchUpload(auth: TusAuth, location: string, offset: number, chunk: Buffer) {
  const response = await fetch(location, {
    method: 'PATCH',
    headers: tusHeaders(auth, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    body: chunk,
  });
  return {
    status: response.status,
    offset: Number(response.headers.get('upload-offset')),
    videoId: Number(response.headers.get('video-id')) || null,
    text: await response.text(),
  };
}

export async function headUpload(auth: TusAuth, location: string) {
  const response = await fetch(location, { method: 'HEAD', headers: tusHeaders(auth) });
  return { status: response.status, offset: Number(response.headers.get('upload-offset')) };
}

/** A PATCH whose connection drops after `sent` of the chunk's bytes (Content-Length says all of it). */
export function interruptedPatch(
  auth: TusAuth,
  location: string,
  offset: number,
  chunk: Buffer,
  sent: number,
) {
  return new Promise<void>((resolve) => {
    const req = request(location, {
      method: 'PATCH',
      headers: tusHeaders(auth, {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(chunk.length),
      }),
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(chunk.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
  });
}

/**
 * Uploads a file in chunks of `chunkSize`; the second PATCH is cut off after half its bytes and the
 * upload resumed from the offset HEAD then reports. Answers the final PATCH and the resumed offset.
 */
export async function uploadResumably(auth: TusAuth, lessonId: number, bytes: Buffer, chunkSize: number) {
  const created = await createUpload(auth, lessonId, bytes.length);
  if (created.status !== 201 || !created.location)
    throw new Error(`creation: ${created.status} ${created.text}`);
  let offset = 0;
  let resumedAt: number | null = null;
  let last: Awaited<ReturnType<typeof patchUpload>> | null = null;
  for (let chunk = 0; offset < bytes.length; chunk += 1) {
    const part = bytes.subarray(offset, offset + chunkSize);
    if (chunk === 1) {
      await interruptedPatch(auth, created.location, offset, part, Math.floor(part.length / 2));
      const head = await headUpload(auth, created.location);
      if (head.status !== 200) throw new Error(`HEAD after the cut: ${head.status}`);
      offset = resumedAt = head.offset;
      continue;
    }
    last = await patchUpload(auth, created.location, offset, part);
    if (last.status !== 204) throw new Error(`PATCH at ${offset}: ${last.status} ${last.text}`);
    offset = last.offset;
  }
  return { last: last!, resumedAt, location: created.location };
}

/** The IV of each segment of a media playlist: the EXT-X-KEY's IV, or the media sequence number. */
export function segmentsOf(playlist: string): { file: string; iv: Buffer }[] {
  const lines = playlist.split('\n').map((line) => line.trim());
  let sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0);
  let explicitIv: Buffer | null = null;
  const segments: { file: string; iv: Buffer }[] = [];
  for (const line of lines) {
    const key = /^#EXT-X-KEY:.*METHOD=AES-128/.exec(line);
    if (key) {
      const iv = /IV=0x([0-9a-fA-F]{32})/.exec(line)?.[1];
      explicitIv = iv ? Buffer.from(iv, 'hex') : null;
    } else if (line && !line.startsWith('#')) {
      const iv = explicitIv ?? Buffer.alloc(16);
      if (!explicitIv) iv.writeBigUInt64BE(BigInt(sequence), 8);
      segments.push({ file: line, iv });
      sequence += 1;
    }
  }
  return segments;
}

/** Decrypts a segment (AES-128-CBC) into `out` and answers what ffprobe finds in it. */
export function decryptAndProbe(segment: string, keyHex: string, iv: Buffer, out: string) {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(keyHex, 'hex'), iv);
  const plain = Buffer.concat([decipher.update(readFileSync(segment)), decipher.final()]);
  writeFileSync(out, plain);
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', out], {
      encoding: 'utf8',
    }),
  ) as { streams: { codec_type: string; codec_name: string; height?: number }[] };
  return { head: plain.subarray(0, 16), streams: probe.streams };
}
