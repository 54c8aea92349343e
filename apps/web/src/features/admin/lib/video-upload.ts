// The tus upload of a lesson's video (decision 0012): 8 MiB chunks, retried on a dropped connection,
// and remembered in localStorage (tus-js-client's fingerprint of the file and the endpoint), so the
// same file chosen again after a reload continues where it stopped. Every request carries the app's
// headers and the current bearer token; a 401 renews the token once and tries again.
import { DetailedError, Upload, defaultOptions, type PreviousUpload } from 'tus-js-client';
import { appHeaders, refreshAccessToken } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

export const CHUNK_BYTES = 8 * 1024 * 1024;
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/** Why an upload stopped: each has its own sentence and its own next step. */
export type UploadFailure = 'network' | 'not-installed' | 'too-large' | 'rejected' | 'forbidden' | 'other';

export type UploadEvents = {
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (failure: UploadFailure) => void;
};

export type VideoUpload = {
  /** Stops sending; the server keeps what it has, so `start` continues. */
  pause: () => Promise<void>;
  start: () => void;
  /** Stops and removes the upload from the server and from this browser's memory. */
  cancel: () => Promise<void>;
};

/** Absolute, since tus-js-client resolves the server's Location header against it. */
export const uploadEndpoint = (lessonId: number) =>
  new URL(`/api/Admin/Lessons/${lessonId}/Video/upload`, window.location.origin).href;

const statusOf = (error: Error | DetailedError) =>
  error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;

const missingFfmpeg = (error: Error | DetailedError) =>
  statusOf(error) === 503 &&
  error instanceof DetailedError &&
  /ffmpeg/i.test(error.originalResponse?.getBody() ?? '');

function failureOf(error: Error | DetailedError): UploadFailure {
  if (missingFfmpeg(error)) return 'not-installed';
  const status = statusOf(error);
  if (status === 0) return 'network';
  if (status === 413) return 'too-large';
  if (status === 400 || status === 415 || status === 422) return 'rejected';
  if (status === 401 || status === 403 || status === 404) return 'forbidden';
  return 'other';
}

export function createVideoUpload(lessonId: number, file: File, events: UploadEvents): VideoUpload {
  let renewing: Promise<unknown> | null = null;
  const upload = new Upload(file, {
    endpoint: uploadEndpoint(lessonId),
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type },
    headers: appHeaders(),
    onBeforeRequest: async (request) => {
      if (renewing) await renewing;
      const token = authStore.get().token;
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error, attempt) => {
      const status = statusOf(error);
      if (status === 401) {
        if (attempt > 0) return false;
        renewing = refreshAccessToken();
        return true;
      }
      // No answer (a dropped connection), the server busy or failing, or tus's own "try again".
      return (status === 0 || status >= 500 || status === 409 || status === 423) && !missingFfmpeg(error);
    },
    onProgress: events.onProgress,
    onSuccess: events.onSuccess,
    onError: (error) => events.onError(failureOf(error)),
  });
  // The first start looks for this file's unfinished upload (a reload); later ones go on from the
  // offset the server has.
  let looked = false;
  const start = () => {
    if (looked) return upload.start();
    looked = true;
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (last) upload.resumeFromPreviousUpload(last);
      })
      .catch(() => undefined)
      .then(() => upload.start());
  };
  return { start, pause: () => upload.abort(false), cancel: () => upload.abort(true) };
}

const storedFor = async (lessonId: number): Promise<PreviousUpload[]> => {
  const all = await defaultOptions.urlStorage.findAllUploads();
  return all.filter((entry) => entry.urlStorageKey.includes(`-${uploadEndpoint(lessonId)}::`));
};

/** The name of a file whose upload to this lesson this browser started and did not finish. */
export async function unfinishedUpload(lessonId: number): Promise<string | null> {
  const entries = await storedFor(lessonId).catch(() => []);
  const name = entries[0]?.metadata.filename;
  return entries.length > 0 ? (name ?? '') : null;
}

/** Forgets this lesson's unfinished uploads (the server removes its partial files on its own). */
export async function forgetUnfinishedUploads(lessonId: number): Promise<void> {
  const entries = await storedFor(lessonId).catch(() => []);
  await Promise.all(entries.map((entry) => defaultOptions.urlStorage.removeUpload(entry.urlStorageKey)));
}
