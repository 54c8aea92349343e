import { elapsedDays, startOfDayPlusDays } from './calendar';

/** Unit i of an enrolment stays open for WEEK_DAYS * (i + 1) days from the enrolment day. */
export const WEEK_DAYS = 7;
/** At this many days left or fewer the status is shown as urgent (orange). */
export const URGENT_DAYS_LEFT = 2;

export type UnitAvailability =
  | { state: 'permanent' }
  | { state: 'no-enrollment-date' }
  | { state: 'not-yet'; daysUntil: number; opensAt: Date }
  | { state: 'open'; daysLeft: number; urgent: boolean; endsAt: Date }
  | { state: 'ended'; endedAt: Date };

export type CourseUnitAvailabilityInput = {
  now: Date;
  enrollmentDate: Date | null;
  /** 0-based position of the unit in its course. */
  unitIndex: number;
  isOpenToAll: boolean;
  timeZone: string;
};

export type UnitCodeAvailabilityInput = { now: Date; redeemedAt: Date | null; timeZone: string };

/** Days from the enrolment day during which unit `unitIndex` is open. */
export function unitWindowDays(unitIndex: number): number {
  if (!Number.isInteger(unitIndex) || unitIndex < 0) {
    throw new RangeError(`unitIndex must be a non-negative integer, got ${unitIndex}`);
  }
  return WEEK_DAYS * (unitIndex + 1);
}

/**
 * Every unit opens on the enrolment day (local day in `timeZone`); unit i closes at the start of
 * local day 7·(i+1). Earlier units therefore stay open at least as long as later ones would.
 */
export function courseUnitAvailability(input: CourseUnitAvailabilityInput): UnitAvailability {
  const { now, enrollmentDate, unitIndex, isOpenToAll, timeZone } = input;
  const windowDays = unitWindowDays(unitIndex);
  if (isOpenToAll) return { state: 'permanent' };
  if (!enrollmentDate) return { state: 'no-enrollment-date' };
  const elapsed = elapsedDays(enrollmentDate, now, timeZone);
  if (elapsed < 0) {
    return {
      state: 'not-yet',
      daysUntil: -elapsed,
      opensAt: startOfDayPlusDays(enrollmentDate, 0, timeZone),
    };
  }
  const endsAt = startOfDayPlusDays(enrollmentDate, windowDays, timeZone);
  if (elapsed >= windowDays) return { state: 'ended', endedAt: endsAt };
  const daysLeft = windowDays - elapsed;
  return { state: 'open', daysLeft, urgent: daysLeft <= URGENT_DAYS_LEFT, endsAt };
}

/**
 * A unit unlocked by a unit code: the redemption date is its enrolment date and it gets the
 * first-unit window (days 0-6). It is never permanent, whatever its course's open-to-all flag.
 */
export function unitCodeAvailability(input: UnitCodeAvailabilityInput): UnitAvailability {
  return courseUnitAvailability({
    now: input.now,
    enrollmentDate: input.redeemedAt,
    unitIndex: 0,
    isOpenToAll: false,
    timeZone: input.timeZone,
  });
}

export function isUnitAccessible(a: UnitAvailability): boolean {
  return a.state === 'permanent' || a.state === 'open';
}

/**
 * The instant at which a unit's accessibility next changes (an open window ends, a later one opens),
 * or null when it never will: a screen re-derives availability then, so every part of it agrees.
 */
export function availabilityChangesAt(a: UnitAvailability): Date | null {
  if (a.state === 'open') return a.endsAt;
  if (a.state === 'not-yet') return a.opensAt;
  return null;
}

/** The earliest of several units' next changes (see availabilityChangesAt), or null. */
export function nextAvailabilityChange(all: readonly UnitAvailability[]): Date | null {
  let next: Date | null = null;
  for (const a of all) {
    const at = availabilityChangesAt(a);
    if (at && (!next || at < next)) next = at;
  }
  return next;
}
