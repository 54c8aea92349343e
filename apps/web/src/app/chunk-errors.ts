// A screen's chunk that no longer exists on the server: after a release, a page opened before it asks
// for the old file names. Reloading the page once fetches the new release; if the chunk still fails
// (no signal, a broken release), the error screen says so in Arabic instead of the browser's text.
import { STORAGE_KEYS, storage } from '../lib/storage';

/** The browsers' and Vite's wordings of a chunk that could not be fetched or run. */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Reloads the page once per address for a chunk that failed to load, and says whether it did; the
 * second failure at the same address is shown (a reload cannot help, and must not loop).
 */
export function reloadOnceForChunk(error: unknown, reload = () => window.location.reload()): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
  const here = window.location.pathname + window.location.search;
  if (storage.session.get(STORAGE_KEYS.chunkReloadedAt) === here) return false;
  storage.session.set(STORAGE_KEYS.chunkReloadedAt, here);
  reload();
  return true;
}

/** A chunk arrived: a later release may reload this address once again. */
export function chunkLoaded(): void {
  if (typeof window !== 'undefined') storage.session.remove(STORAGE_KEYS.chunkReloadedAt);
}
