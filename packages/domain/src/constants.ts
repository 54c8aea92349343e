/** Live device sessions per account; the server refuses a third login. */
export const MAX_DEVICES = 2;
/**
 * A student locked out by the device limit may sign one device out themselves once in this many days,
 * so that two people cannot share an account by taking turns; an admin may end sessions at any time.
 */
export const SELF_SIGN_OUT_DAYS = 7;
/**
 * The longest text each account field takes: the contract refuses longer (packages/contract/auth.ts)
 * and the forms stop typing there (maxLength), so no student meets the server's refusal.
 */
export const TEXT_LIMITS = { personName: 100, email: 254, phone: 32, password: 128 } as const;
/** For password reset and profile password change. */
export const MIN_PASSWORD_LENGTH = 6;
/** The complete button appears once the played fraction is strictly greater than this. */
export const VIDEO_COMPLETE_THRESHOLD = 0.9;
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** Player controls auto-hide this long after the last interaction while playing. */
export const CONTROLS_HIDE_MS = 5000;
/** The celebration overlay after completing a lesson. */
export const CELEBRATION_MS = 2000;
/** In-memory cache lifetime per key (5 minutes). */
export const CACHE_TTL_MS = 300_000;
/** Delay before going to /my-lectures after a unit code succeeds. */
export const UNIT_CODE_REDIRECT_MS = 2000;
/** Tenant used when none is configured at build time. */
export const DEFAULT_TENANT = 'tenant8';

/** Whether the "Complete & Continue" button shows: more than 90 % played. */
export function canCompleteVideo(playedFraction: number): boolean {
  return playedFraction > VIDEO_COMPLETE_THRESHOLD;
}

export function isPasswordLongEnough(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH;
}
