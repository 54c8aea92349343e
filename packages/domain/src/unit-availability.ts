import { elapsedDays, startOfDayPlusDays } from './calendar';

/** Unit i of an enrolment stays open for WEEK_DAYS * (i + 1) days from the enrolment day. */
export const WEEK_DAYS = 7;
/** At this many days left or fewer the status is shown as urgent (orange). */
export const URGENT_DAYS_LEFT = 2;

export type UnitAvailability =
  | { state: 'permanent' }
  | { state: 'no-enrollment-date' }
  | { state: 'not-yet'; daysUntil: number }
  | { state: 'open'; daysLeft: number; urgent: boolean; endsAt: Date }
  | { state: 'ended' };

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
  if (elapsed < 0) return { state: 'not-yet', daysUntil: -elapsed };
  if (elapsed >= windowDays) return { state: 'ended' };
  const daysLeft = windowDays - elapsed;
  return {
    state: 'open',
    daysLeft,
    urgent: daysLeft <= URGENT_DAYS_LEFT,
    endsAt: startOfDayPlusDays(enrollmentDate, windowDays, timeZone),
  };
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
