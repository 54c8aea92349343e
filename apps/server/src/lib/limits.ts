// Rate limits for the attempts an attacker would repeat: logins, registrations, reset requests,
// code guesses. Counters live in Redis when REDIS_URL is set (shared by every process), with an
// in-process fallback when Redis does not answer, so the API keeps serving.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from './app-error';

export type LimitRule = { points: number; durationSeconds: number };

export const DEFAULT_LIMITS = {
  /** Every login attempt from one address (a school's students may share one). */
  loginAddress: { points: 60, durationSeconds: 5 * 60 },
  /** Wrong passwords for one account from one address: the attacker's address is refused first. */
  loginAccountAddress: { points: 10, durationSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from anywhere. Once used up, only devices that have signed in
   * to the account before are judged, so the owner is not locked out by strangers. Larger than the
   * per-address allowance, so one classmate's guesses never reach it.
   */
  loginAccount: { points: 30, durationSeconds: 15 * 60 },
  registerAddress: { points: 20, durationSeconds: 60 * 60 },
  forgotEmail: { points: 3, durationSeconds: 15 * 60 },
  forgotAddress: { points: 20, durationSeconds: 15 * 60 },
  /** Wrong enrolment or unit codes for one account, and from one address. */
  codeAccount: { points: 10, durationSeconds: 15 * 60 },
  codeAddress: { points: 30, durationSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type LimitOverrides = Partial<Record<LimitName, LimitRule>>;

/**
 * One limit. Attempts are counted before they are judged (`consume`), atomically in Redis or in
 * memory, so attempts arriving together cannot all pass a check before any is counted: at most
 * `points` attempts are ever judged per window, on one process or many. An attempt that turns out
 * right (the password or the code) is given back with `refund`.
 */
export class Limit {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Counts one attempt; refuses with 429 (and counts nothing more) once the key has used its allowance. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key, 1);
    } catch (error) {
      throw asTooMany(error);
    }
  }

  /** Gives back one attempt that turned out to be right. */
  async refund(key: string): Promise<void> {
    await this.limiter.reward(key, 1).catch(() => undefined);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key).catch(() => undefined);
  }
}

/**
 * Counts one attempt against several limits at once (an account's and an address's), before the
 * attempt is judged. When one refuses, those already counted are given back (the attempt was not
 * judged) and the 429 is thrown. The returned `refund` gives every count back: call it when the
 * attempt turned out right.
 */
export async function consumeAll(
  counts: ReadonlyArray<readonly [Limit, string]>,
): Promise<{ refund: () => Promise<void> }> {
  const taken: Array<readonly [Limit, string]> = [];
  for (const [limit, key] of counts) {
    try {
      await limit.consume(key);
    } catch (error) {
      await Promise.all(taken.map(([done, doneKey]) => done.refund(doneKey)));
      throw error;
    }
    taken.push([limit, key]);
  }
  return { refund: async () => void (await Promise.all(taken.map(([l, k]) => l.refund(k)))) };
}

function asTooMany(error: unknown) {
  if (error instanceof RateLimiterRes)
    return tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
  return error;
}

export type Limits = Record<LimitName, Limit>;

export function createLimits(redis: Redis | null, overrides: LimitOverrides = {}): Limits {
  const entries = (Object.keys(DEFAULT_LIMITS) as LimitName[]).map((name) => {
    const rule = overrides[name] ?? DEFAULT_LIMITS[name];
    const options = { keyPrefix: `limit:${name}`, points: rule.points, duration: rule.durationSeconds };
    const memory = new RateLimiterMemory(options);
    const limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory })
      : memory;
    return [name, new Limit(limiter)] as const;
  });
  return Object.fromEntries(entries) as Limits;
}
