import { tz } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, startOfDay } from 'date-fns';

/** The platform's default time zone; each tenant may set its own (an IANA zone name). */
export const DEFAULT_TIME_ZONE = 'Africa/Cairo';

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function checked(result: number, timeZone: string): number {
  // date-fns yields NaN for an unknown zone or an invalid date; failing loudly keeps a bad tenant
  // setting from silently closing (or opening) every unit.
  if (Number.isNaN(result)) throw new RangeError(`Invalid date or time zone: ${timeZone}`);
  return result;
}

/**
 * Whole calendar days in `timeZone` from the day of `from` to the day of `now`: 0 on the same local
 * day, 1 from the next local midnight on, negative when `from` is on a later day. Days are counted
 * on the local calendar, so a 23- or 25-hour DST day still counts as one.
 */
export function elapsedDays(from: Date, now: Date, timeZone: string): number {
  return checked(differenceInCalendarDays(now, from, { in: tz(timeZone) }), timeZone);
}

/**
 * The instant at which local day (day of `from` + `days`) begins in `timeZone`. When a DST change
 * skips local midnight (Cairo moves 00:00 → 01:00), the day begins at the first existing instant.
 */
export function startOfDayPlusDays(from: Date, days: number, timeZone: string): Date {
  const zone = tz(timeZone);
  const start = startOfDay(addDays(startOfDay(from, { in: zone }), days, { in: zone }), { in: zone });
  return new Date(checked(start.getTime(), timeZone));
}
