/** The one source of "now" on the server, so tests can move time instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export const isoNow = (clock: Clock): string => clock.now().toISOString();

export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);

/**
 * lru-cache options that count entry lifetimes on `clock`: the system clock reads the monotonic
 * `performance` as lru-cache would; a test clock is read every time (no 1 ms caching of "now").
 */
export function clockTiming(clock: Clock): { perf?: { now(): number }; ttlResolution?: number } {
  if (clock === systemClock) return {};
  return { perf: { now: () => clock.now().getTime() }, ttlResolution: 0 };
}
