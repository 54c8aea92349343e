// The browser storage keys of the spec, in one place.
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'auth_user',
  isAuthenticated: 'is_authenticated',
  userId: 'user_id',
  deviceId: 'app_device_id',
  splashSeen: 'splash_seen',
  /** The address last reloaded for a screen chunk that failed to load (app/chunk-errors.ts). */
  chunkReloadedAt: 'chunk_reloaded_at',
  completedLessons: (courseId: number | string) => `completed_lessons_${courseId}`,
  /** The player's chosen video height ('auto' or a number), per device. */
  videoQuality: 'video_quality',
  /** The player's data saver ('true' caps streams at the lowest rendition), per device. */
  videoDataSaver: 'video_data_saver',
  /** A unit code typed while logged out, entered once the student has logged in (this tab only). */
  pendingUnitCode: 'pending_unit_code',
} as const;

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    // Private mode or a full quota must not break the app.
    return fallback;
  }
}

export const storage = {
  get: (key: string): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => localStorage.removeItem(key), undefined),
  getJson<T>(key: string): T | null {
    const text = storage.get(key);
    if (text === null) return null;
    return safe(() => JSON.parse(text) as T, null);
  },
  setJson: (key: string, value: unknown): void => storage.set(key, JSON.stringify(value)),
  session: {
    get: (key: string): string | null => safe(() => sessionStorage.getItem(key), null),
    set: (key: string, value: string): void => safe(() => sessionStorage.setItem(key, value), undefined),
    remove: (key: string): void => safe(() => sessionStorage.removeItem(key), undefined),
  },
};
