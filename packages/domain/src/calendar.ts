/** The platform's default time zone; each tenant may set its own (an IANA zone name). */
export const DEFAULT_TIME_ZONE = 'Africa/Cairo';

// Local calendar arithmetic on top of one cached Intl.DateTimeFormat per zone. Instants are epoch
// milliseconds; a "wall" value is the local date and time of an instant written as if it were UTC
// (wall − instant = the zone's UTC offset then), and a "day" is a local date as whole days since
// 1970-01-01. A date-fns/@date-fns/tz version of this module cost ~50-70 µs per call; this one
// formats each instant once (~1-2 µs) and remembers recent results, which are pure functions of
// their inputs.

const DAY_MS = 86_400_000;
/** The largest |epoch milliseconds| a Date can hold. */
const MAX_TIME = 8.64e15;
/** Bounds on the caches below; each is simply cleared when full. */
const MAX_ZONES = 500;
const MAX_DAY_STARTS = 4096;

type Zone = {
  /** The zone's wall clock at an instant (see above); NaN when the instant is not a valid date. */
  wall: (time: number) => number;
  /** Whether Intl itself accepts the zone name (what isValidTimeZone reports). */
  intl: boolean;
  /** Local day → the instant it begins. */
  dayStarts: Map<number, number>;
};

const zones = new Map<string, Zone | null>();

function zoneFor(timeZone: string): Zone | null {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    if (zones.size >= MAX_ZONES) zones.clear();
    zone = intlZone(timeZone) ?? fixedOffsetZone(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}

function invalid(timeZone: string): RangeError {
  // Failing loudly keeps a bad tenant setting from silently closing (or opening) every unit.
  return new RangeError(`Invalid date or time zone: ${timeZone}`);
}

function zoneOrThrow(timeZone: string): Zone {
  const zone = zoneFor(timeZone);
  if (!zone) throw invalid(timeZone);
  return zone;
}

// Scratch space for the six numbers of a formatted instant (everything here is synchronous).
const fields = [0, 0, 0, 0, 0, 0];

function intlZone(timeZone: string): Zone | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      numberingSystem: 'latn',
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return null;
  }
  // format() is several times faster than formatToParts(), so learn the order of the numbers in its
  // output ("03/10/2024 AD, 10:00:00" in current engines) and the text of the BC era once, here.
  const probe = format.formatToParts(Date.UTC(-1000, 0, 1));
  const numbers = probe.filter((part) => /^\d+$/.test(part.value)).map((part) => part.type);
  const bcEra = probe.find((part) => part.type === 'era')?.value;
  const unexpected = () =>
    new Error(`Unexpected Intl.DateTimeFormat output for ${timeZone}: ${numbers.join()}`);
  const indexOf = (type: Intl.DateTimeFormatPartTypes) => {
    const index = numbers.indexOf(type);
    if (index < 0) throw unexpected();
    return index;
  };
  const [iYear, iMonth, iDay, iHour, iMinute, iSecond] = [
    indexOf('year'),
    indexOf('month'),
    indexOf('day'),
    indexOf('hour'),
    indexOf('minute'),
    indexOf('second'),
  ] as const;
  if (numbers.length !== 6 || !bcEra) throw unexpected();
  const wall = (time: number): number => {
    if (!(Math.abs(time) <= MAX_TIME)) return Number.NaN; // also the invalid date, NaN
    // Intl shows whole seconds; the milliseconds are added back below.
    const text = format.format(time);
    let n = 0;
    let value = -1;
    for (let i = 0; i < text.length; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit >= 0 && digit <= 9) {
        value = value < 0 ? digit : value * 10 + digit;
      } else if (value >= 0) {
        fields[n++] = value;
        value = -1;
      }
    }
    if (value >= 0) fields[n++] = value;
    if (n !== 6) throw new Error(`Unexpected Intl.DateTimeFormat output for ${timeZone}: ${text}`);
    const year = text.includes(bcEra) ? 1 - fields[iYear]! : fields[iYear]!;
    const hour = fields[iHour]! % 24; // some old engines wrote midnight as 24 even with h23
    return (
      daysFromCivil(year, fields[iMonth]!, fields[iDay]!) * DAY_MS +
      hour * 3_600_000 +
      fields[iMinute]! * 60_000 +
      fields[iSecond]! * 1000 +
      (time - Math.floor(time / 1000) * 1000)
    );
  };
  return { wall: remembered(wall), intl: true, dayStarts: new Map() };
}

/**
 * Where Intl rejects a UTC-offset name such as "+02:00" (Node 20 does), @date-fns/tz fell back to
 * reading the offset from the name with this pattern; kept so those names behave as they did.
 */
function fixedOffsetZone(timeZone: string): Zone | null {
  const captures = /([+-]\d\d):?(\d\d)?/.exec(timeZone);
  if (!captures) return null;
  const hours = Number(captures[1]);
  const minutes = Number(captures[2] ?? 0);
  const offsetMinutes = hours * 60 + minutes > 0 ? hours * 60 + minutes : hours * 60 - minutes;
  const offset = offsetMinutes * 60_000;
  const wall = (time: number): number => (Math.abs(time) <= MAX_TIME ? time + offset : Number.NaN);
  return { wall, intl: false, dayStarts: new Map() };
}

/**
 * Remembers the last two instants: availability looks up the enrolment instant twice per call, and
 * a course outline repeats the same `now` and enrolment date for every unit.
 */
function remembered(wall: (time: number) => number): (time: number) => number {
  let time0 = Number.NaN;
  let wall0 = Number.NaN;
  let time1 = Number.NaN;
  let wall1 = Number.NaN;
  return (time) => {
    if (time === time0) return wall0;
    if (time === time1) return wall1;
    const result = wall(time);
    time1 = time0;
    wall1 = wall0;
    time0 = time;
    wall0 = result;
    return result;
  };
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12); exact for every Date year. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function localDay(zone: Zone, time: number): number {
  const wall = zone.wall(time);
  // date-fns kept the wall clock in a Date too, so a local time past the Date range was invalid.
  return Math.abs(wall) <= MAX_TIME ? Math.floor(wall / DAY_MS) : Number.NaN;
}

/**
 * localDay, but NaN when that day begins outside the Date range (only possible within two days of
 * either end of it), where date-fns's start of the day was an invalid date.
 */
function checkedLocalDay(zone: Zone, time: number): number {
  const day = localDay(zone, time);
  return Math.abs(time) < MAX_TIME - 2 * DAY_MS || !Number.isNaN(dayStart(zone, day)) ? day : Number.NaN;
}

function offsetAt(zone: Zone, time: number): number {
  return zone.wall(time) - time;
}

/** The first instant of local day `day`: the earliest instant whose local date is `day` or later. */
function dayStart(zone: Zone, day: number): number {
  let start = zone.dayStarts.get(day);
  if (start === undefined) {
    start = findDayStart(zone, day);
    if (zone.dayStarts.size >= MAX_DAY_STARTS) zone.dayStarts.clear();
    zone.dayStarts.set(day, start);
  }
  return start;
}

function findDayStart(zone: Zone, day: number): number {
  const midnight = day * DAY_MS; // local midnight as a wall value
  // The offsets in force a day either side (kept inside the Date range); at most one change lies
  // between them.
  const before = offsetAt(zone, Math.max(midnight - DAY_MS, -MAX_TIME));
  const after = offsetAt(zone, Math.min(midnight + DAY_MS, MAX_TIME));
  const high = Math.max(before, after);
  const low = Math.min(before, after);
  // The first and last days of the Date range may begin outside it.
  if (!(midnight - high >= -MAX_TIME && midnight - low <= MAX_TIME)) return Number.NaN;
  return startBetween(zone, day, midnight, high, low);
}

function startBetween(zone: Zone, day: number, midnight: number, high: number, low: number): number {
  // Local midnight exists if it reads back with the offset used to place it; when it exists twice
  // (clocks set back over midnight) the day starts at the earlier one.
  if (offsetAt(zone, midnight - high) === high) return midnight - high;
  if (high !== low && offsetAt(zone, midnight - low) === low) return midnight - low;
  // Local midnight is skipped (Cairo's 00:00 → 01:00): the day starts when the clocks jump, the first
  // instant whose local date is `day`; search between the midnights of the two offsets.
  let lo = midnight - high; // still on an earlier local day
  let hi = midnight - low; // already on `day` or later
  if (!(localDay(zone, lo) < day && localDay(zone, hi) >= day)) {
    // Not the single offset change assumed above; widen to bounds every real offset (<±16 h) meets.
    lo = midnight - 2 * DAY_MS;
    hi = midnight + 2 * DAY_MS;
  }
  if (localDay(zone, hi - 1) < day) return hi; // the usual case: the jump is at local midnight
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (localDay(zone, mid) >= day) hi = mid;
    else lo = mid;
  }
  return hi;
}

export function isValidTimeZone(timeZone: string): boolean {
  return zoneFor(timeZone)?.intl === true;
}

/**
 * Whole calendar days in `timeZone` from the day of `from` to the day of `now`: 0 on the same local
 * day, 1 from the next local midnight on, negative when `from` is on a later day. Days are counted
 * on the local calendar, so a 23- or 25-hour DST day still counts as one.
 */
export function elapsedDays(from: Date, now: Date, timeZone: string): number {
  const zone = zoneOrThrow(timeZone);
  const result = checkedLocalDay(zone, now.getTime()) - checkedLocalDay(zone, from.getTime());
  if (Number.isNaN(result)) throw invalid(timeZone);
  return result;
}

/**
 * The instant at which local day (day of `from` + `days`) begins in `timeZone`. When a DST change
 * skips local midnight (Cairo moves 00:00 → 01:00), the day begins at the first existing instant;
 * when clocks go back over midnight so that it happens twice, at the first of the two.
 */
export function startOfDayPlusDays(from: Date, days: number, timeZone: string): Date {
  const zone = zoneOrThrow(timeZone);
  const fromDay = checkedLocalDay(zone, from.getTime());
  // A fractional count moves the day of the month to trunc(day of month + days), as Date#setDate.
  let target = fromDay + days;
  if (!Number.isInteger(days) && Number.isFinite(fromDay)) {
    const dayOfMonth = new Date(fromDay * DAY_MS).getUTCDate();
    target = fromDay - dayOfMonth + Math.trunc(dayOfMonth + days);
  }
  const start =
    Number.isFinite(target) && Math.abs(target) <= MAX_TIME / DAY_MS ? dayStart(zone, target) : NaN;
  if (Number.isNaN(start)) throw invalid(timeZone);
  return new Date(start);
}
