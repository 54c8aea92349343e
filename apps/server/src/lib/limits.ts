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

/** The limits counted per client address. */
const PER_ADDRESS = ['loginAddress', 'registerAddress', 'forgotAddress', 'codeAddress'] as const;
type AddressLimitName = (typeof PER_ADDRESS)[number];

/** Where a request comes from: its address, and whether that is one of its school's own networks. */
export type ClientAddress = { ip: string; trusted: boolean };

/**
 * A per-address limit with a raised allowance (the rule's points × the trusted factor) for a school's
 * own addresses: a centre registers and signs in a whole class from one NAT address.
 */
export class AddressLimit {
  constructor(
    private readonly usual: Limit,
    private readonly school: Limit,
  ) {}

  /** The limit and key that count this address, for `consumeAll`. */
  of(address: ClientAddress): readonly [Limit, string] {
    return [address.trusted ? this.school : this.usual, address.ip];
  }

  consume(address: ClientAddress): Promise<void> {
    const [limit, key] = this.of(address);
    return limit.consume(key);
  }
}

export type Limits = Record<Exclude<LimitName, AddressLimitName>, Limit> &
  Record<AddressLimitName, AddressLimit>;

/** How many times its usual per-address allowance a school's own address gets. */
export const DEFAULT_TRUSTED_FACTOR = 10;

export function createLimits(
  redis: Redis | null,
  overrides: LimitOverrides = {},
  trustedFactor = DEFAULT_TRUSTED_FACTOR,
): Limits {
  const limit = (keyPrefix: string, rule: LimitRule) => {
    const options = { keyPrefix, points: rule.points, duration: rule.durationSeconds };
    const memory = new RateLimiterMemory(options);
    return new Limit(
      redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory,
    );
  };
  const entries = (Object.keys(DEFAULT_LIMITS) as LimitName[]).map((name) => {
    const rule = overrides[name] ?? DEFAULT_LIMITS[name];
    const usual = limit(`limit:${name}`, rule);
    if (!(PER_ADDRESS as readonly string[]).includes(name)) return [name, usual] as const;
    const raised = { ...rule, points: rule.points * trustedFactor };
    return [name, new AddressLimit(usual, limit(`limit:${name}:school`, raised))] as const;
  });
  return Object.fromEntries(entries) as Limits;
}

/**
 * Parses RATE_LIMITS, e.g. `loginAddress=120/300,registerAddress=100/3600`: a limit's name, its
 * attempts, and its window in seconds. Unknown names and malformed rules are errors at start-up.
 */
export function parseLimitOverrides(text: string): LimitOverrides {
  const overrides: LimitOverrides = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const match = /^(\w+)=(\d+)\/(\d+)$/.exec(part);
    const name = match?.[1] as LimitName | undefined;
    if (!match || !name || !(name in DEFAULT_LIMITS))
      throw new Error(`RATE_LIMITS: "${part}" is not name=attempts/seconds with a known limit name`);
    const points = Number(match[2]);
    const durationSeconds = Number(match[3]);
    if (points < 1 || durationSeconds < 1) throw new Error(`RATE_LIMITS: "${part}" must be at least 1/1`);
    overrides[name] = { points, durationSeconds };
  }
  return overrides;
}
