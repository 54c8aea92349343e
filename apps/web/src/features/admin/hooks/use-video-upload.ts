// The lesson video uploads of this tab, kept outside React so an upload goes on while the admin
// visits other screens and shows its progress again when the lesson's form comes back. A dropped
// connection (tus's retries used up) waits for the browser to be online again, or 15 s, and goes on.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { adminKeys } from '../api/keys';
import {
  createVideoUpload,
  forgetUnfinishedUploads,
  type UploadFailure,
  type VideoUpload,
} from '../lib/video-upload';

export const RECONNECT_MS = 15_000;

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'offline'; fileName: string; sent: number; total: number }
  | { phase: 'failed'; fileName: string; sent: number; total: number; failure: UploadFailure }
  | { phase: 'done'; fileName: string };

const IDLE: UploadState = { phase: 'idle' };

type Entry = { state: UploadState; upload: VideoUpload | null; stopWaiting: () => void };

const entries = new Map<number, Entry>();
const listeners = new Set<() => void>();

const entry = (lessonId: number): Entry =>
  entries.get(lessonId) ?? { state: IDLE, upload: null, stopWaiting: () => undefined };

/** Closing the tab mid-upload asks first: the upload resumes only when the same file is chosen again. */
function warnOnLeave(event: BeforeUnloadEvent) {
  event.preventDefault();
}

function set(lessonId: number, patch: Partial<Entry>) {
  entries.set(lessonId, { ...entry(lessonId), ...patch });
  const sending = [...entries.values()].some(
    ({ state }) => state.phase === 'uploading' || state.phase === 'offline',
  );
  if (sending) window.addEventListener('beforeunload', warnOnLeave);
  else window.removeEventListener('beforeunload', warnOnLeave);
  for (const listener of listeners) listener();
}

function waitForConnection(lessonId: number) {
  const resume = () => {
    stop();
    const current = entry(lessonId);
    if (current.state.phase !== 'offline') return;
    set(lessonId, { state: { ...current.state, phase: 'uploading' } });
    current.upload?.start();
  };
  const timer = setTimeout(resume, RECONNECT_MS);
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('online', resume);
  };
  window.addEventListener('online', resume);
  set(lessonId, { stopWaiting: stop });
}

function begin(lessonId: number, file: File, onDone: () => void) {
  entry(lessonId).stopWaiting();
  const base = { fileName: file.name, sent: 0, total: file.size };
  const upload = createVideoUpload(lessonId, file, {
    onProgress: (sent, total) => {
      const current = entry(lessonId).state;
      if (current.phase === 'uploading' || current.phase === 'offline')
        set(lessonId, { state: { ...current, phase: 'uploading', sent, total } });
    },
    onSuccess: () => {
      set(lessonId, { state: { phase: 'done', fileName: file.name }, upload: null });
      onDone();
    },
    onError: (failure) => {
      const current = entry(lessonId).state;
      const progress = 'sent' in current ? current : base;
      if (failure === 'network') {
        set(lessonId, { state: { ...base, sent: progress.sent, total: progress.total, phase: 'offline' } });
        waitForConnection(lessonId);
        return;
      }
      if (failure === 'rejected' || failure === 'too-large') void forgetUnfinishedUploads(lessonId);
      set(lessonId, {
        state: { ...base, sent: progress.sent, total: progress.total, phase: 'failed', failure },
      });
    },
  });
  set(lessonId, { state: { ...base, phase: 'uploading' }, upload });
  upload.start();
}

export function useVideoUpload(lessonId: number) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entry(lessonId).state,
    () => IDLE,
  );
  const start = useCallback(
    (file: File) =>
      begin(lessonId, file, () => {
        void queryClient.invalidateQueries({ queryKey: adminKeys.lessonVideo(lessonId) });
      }),
    [lessonId, queryClient],
  );
  const resume = useCallback(() => {
    const current = entry(lessonId);
    current.stopWaiting();
    if (current.state.phase !== 'failed' && current.state.phase !== 'offline') return;
    set(lessonId, { state: { ...current.state, phase: 'uploading' } });
    current.upload?.start();
  }, [lessonId]);
  const cancel = useCallback(async () => {
    const current = entry(lessonId);
    current.stopWaiting();
    set(lessonId, { state: IDLE, upload: null });
    await current.upload?.cancel().catch(() => undefined);
    await forgetUnfinishedUploads(lessonId);
  }, [lessonId]);
  const clear = useCallback(() => set(lessonId, { state: IDLE, upload: null }), [lessonId]);
  return { state, start, resume, cancel, clear };
}

/** Tests start from nothing. */
export function resetVideoUploads() {
  for (const current of entries.values()) current.stopWaiting();
  entries.clear();
  window.removeEventListener('beforeunload', warnOnLeave);
}
