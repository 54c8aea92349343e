import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Keyed hash for short one-time codes, so a leaked table cannot be reversed by trying all codes. */
export const hmacHex = (key: Uint8Array, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

export const hmacBase64url = (key: Uint8Array, value: string): string =>
  createHmac('sha256', key).update(value).digest('base64url');

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const randomDigits = (length: number): string =>
  Array.from({ length }, () => String(randomInt(0, 10))).join('');

export function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
