import { STORAGE_KEYS, storage } from './storage';

/** The browser's device identifier: a timestamp plus a random string, created once and reused. */
export function deviceId(): string {
  const existing = storage.get(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const created = `${Date.now()}-${random}`;
  storage.set(STORAGE_KEYS.deviceId, created);
  return created;
}
