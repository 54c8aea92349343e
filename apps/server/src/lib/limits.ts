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
  /** Failed logins for one account identifier. */
  loginAccount: { points: 10, durationSeconds: 15 * 60 },
  registerAddress: { points: 20, durationSeconds: 60 * 60 },
  forgotEmail: { points: 3, durationSeconds: 15 * 60 },
  forgotAddress: { points: 20, durationSeconds: 15 * 60 },
  /** Wrong enrolment or unit codes for one account, and from one address. */
  codeAccount: { points: 10, durationSeconds: 15 * 60 },
  codeAddress: { points: 30, durationSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type LimitOverrides = Partial<Record<LimitName, LimitRule>>;

export class Limit {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Counts one attempt; refuses with 429 once the key is over its limit. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key, 1);
    } catch (error) {
      throw asTooMany(error);
    }
  }

  /** Refuses with 429 when earlier failures already used the key's allowance; counts nothing. */
  async guard(key: string): Promise<void> {
    const state = await this.limiter.get(key).catch(() => null);
    if (state && state.consumedPoints >= this.limiter.points) {
      throw tooManyRequests(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
    }
  }

  /** Counts one failure against the key without refusing the current request. */
  async penalize(key: string): Promise<void> {
    await this.limiter.penalty(key, 1).catch(() => undefined);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key).catch(() => undefined);
  }
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
