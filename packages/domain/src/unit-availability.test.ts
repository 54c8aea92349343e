import { describe, it, expect } from 'vitest';
import type { UnitAvailability } from './unit-availability';
import {
  URGENT_DAYS_LEFT,
  WEEK_DAYS,
  courseUnitAvailability,
  availabilityChangesAt,
  isUnitAccessible,
  nextAvailabilityChange,
  unitCodeAvailability,
  unitWindowDays,
} from './unit-availability';

const CAIRO = 'Africa/Cairo';
const MUSCAT = 'Asia/Muscat';
// 10:00 local in Cairo (UTC+2, no DST in March); local day 2024-03-10 starts at 2024-03-09T22:00Z.
const ENROLLED = new Date('2024-03-10T08:00:00Z');
const DAY_MS = 86_400_000;
// An instant on local day ENROLLED + n, at 12:00 Cairo time.
const onDay = (n: number) => new Date(Date.parse('2024-03-10T10:00:00Z') + n * DAY_MS);
const cairoMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+02:00`);

describe('constants', () => {
  it('use a 7-day week and call 2 days or fewer urgent', () => {
    expect(WEEK_DAYS).toBe(7);
    expect(URGENT_DAYS_LEFT).toBe(2);
  });

  it.each([
    [0, 7],
    [1, 14],
    [4, 35],
  ])('unit %i is open for %i days', (index, days) => {
    expect(unitWindowDays(index)).toBe(days);
  });

  it.each([-1, 1.5, Number.NaN])('rejects unit index %s', (index) => {
    expect(() => unitWindowDays(index)).toThrow(RangeError);
  });
});

describe('courseUnitAvailability by elapsed day', () => {
  it.each<[number, number, UnitAvailability]>([
    [0, -1, { state: 'not-yet', daysUntil: 1, opensAt: cairoMidnight('2024-03-10') }],
    [0, 0, { state: 'open', daysLeft: 7, urgent: false, endsAt: cairoMidnight('2024-03-17') }],
    [0, 4, { state: 'open', daysLeft: 3, urgent: false, endsAt: cairoMidnight('2024-03-17') }],
    [0, 5, { state: 'open', daysLeft: 2, urgent: true, endsAt: cairoMidnight('2024-03-17') }],
    [0, 6, { state: 'open', daysLeft: 1, urgent: true, endsAt: cairoMidnight('2024-03-17') }],
    [0, 7, { state: 'ended', endedAt: cairoMidnight('2024-03-17') }],
    [0, 13, { state: 'ended', endedAt: cairoMidnight('2024-03-17') }],
    [0, 14, { state: 'ended', endedAt: cairoMidnight('2024-03-17') }],
    [1, -1, { state: 'not-yet', daysUntil: 1, opensAt: cairoMidnight('2024-03-10') }],
    [1, 0, { state: 'open', daysLeft: 14, urgent: false, endsAt: cairoMidnight('2024-03-24') }],
    [1, 6, { state: 'open', daysLeft: 8, urgent: false, endsAt: cairoMidnight('2024-03-24') }],
    [1, 7, { state: 'open', daysLeft: 7, urgent: false, endsAt: cairoMidnight('2024-03-24') }],
    [1, 11, { state: 'open', daysLeft: 3, urgent: false, endsAt: cairoMidnight('2024-03-24') }],
    [1, 12, { state: 'open', daysLeft: 2, urgent: true, endsAt: cairoMidnight('2024-03-24') }],
    [1, 13, { state: 'open', daysLeft: 1, urgent: true, endsAt: cairoMidnight('2024-03-24') }],
    [1, 14, { state: 'ended', endedAt: cairoMidnight('2024-03-24') }],
    [2, 14, { state: 'open', daysLeft: 7, urgent: false, endsAt: cairoMidnight('2024-03-31') }],
    [2, 21, { state: 'ended', endedAt: cairoMidnight('2024-03-31') }],
  ])('unit %i on day %i', (unitIndex, day, expected) => {
    const result = courseUnitAvailability({
      now: onDay(day),
      enrollmentDate: ENROLLED,
      unitIndex,
      isOpenToAll: false,
      timeZone: CAIRO,
    });
    expect(result).toEqual(expected);
  });

  it('counts not-yet days from the enrolment day', () => {
    const result = courseUnitAvailability({
      now: onDay(-5),
      enrollmentDate: ENROLLED,
      unitIndex: 3,
      isOpenToAll: false,
      timeZone: CAIRO,
    });
    expect(result).toEqual({ state: 'not-yet', daysUntil: 5, opensAt: cairoMidnight('2024-03-10') });
  });
});

describe('courseUnitAvailability at local midnight', () => {
  it.each([
    ['last second of day 6', '2024-03-16T21:59:59Z', 'open'],
    ['first second of day 7', '2024-03-16T22:00:00Z', 'ended'],
    ['last second of the day before enrolment', '2024-03-09T21:59:59Z', 'not-yet'],
    ['first second of the enrolment day', '2024-03-09T22:00:00Z', 'open'],
  ])('%s → %s', (_name, now, state) => {
    const result = courseUnitAvailability({
      now: new Date(now),
      enrollmentDate: ENROLLED,
      unitIndex: 0,
      isOpenToAll: false,
      timeZone: CAIRO,
    });
    expect(result.state).toBe(state);
  });

  it('ends exactly at endsAt', () => {
    const open = courseUnitAvailability({
      now: onDay(6),
      enrollmentDate: ENROLLED,
      unitIndex: 0,
      isOpenToAll: false,
      timeZone: CAIRO,
    });
    if (open.state !== 'open') throw new Error(`expected open, got ${open.state}`);
    const at = (now: Date) =>
      courseUnitAvailability({
        now,
        enrollmentDate: ENROLLED,
        unitIndex: 0,
        isOpenToAll: false,
        timeZone: CAIRO,
      }).state;
    expect(at(new Date(open.endsAt.getTime() - 1))).toBe('open');
    expect(at(open.endsAt)).toBe('ended');
  });
});

describe('courseUnitAvailability in other time zones', () => {
  // Enrolled 2024-03-10T21:30Z: 23:30 on the 10th in Cairo (UTC+2), 01:30 on the 11th in Muscat (UTC+4)
  // and 21:30 on the 10th in UTC, so the first-unit window ends at a different instant in each.
  const enrollmentDate = new Date('2024-03-10T21:30:00Z');
  const lastDay = (endsAt: string): UnitAvailability => ({
    state: 'open',
    daysLeft: 1,
    urgent: true,
    endsAt: new Date(endsAt),
  });
  it.each<[string, string, UnitAvailability]>([
    [CAIRO, '2024-03-16T21:59:59Z', lastDay('2024-03-16T22:00:00Z')],
    [CAIRO, '2024-03-16T22:00:00Z', { state: 'ended', endedAt: new Date('2024-03-16T22:00:00Z') }],
    [
      MUSCAT,
      '2024-03-10T20:00:00Z',
      { state: 'open', daysLeft: 7, urgent: false, endsAt: new Date('2024-03-17T20:00:00Z') },
    ],
    [
      MUSCAT,
      '2024-03-10T19:59:59Z',
      { state: 'not-yet', daysUntil: 1, opensAt: new Date('2024-03-10T20:00:00Z') },
    ],
    [MUSCAT, '2024-03-17T19:59:59Z', lastDay('2024-03-17T20:00:00Z')],
    [MUSCAT, '2024-03-17T20:00:00Z', { state: 'ended', endedAt: new Date('2024-03-17T20:00:00Z') }],
    ['UTC', '2024-03-16T23:59:59Z', lastDay('2024-03-17T00:00:00Z')],
    ['UTC', '2024-03-17T00:00:00Z', { state: 'ended', endedAt: new Date('2024-03-17T00:00:00Z') }],
  ])('%s at %s', (timeZone, now, expected) => {
    const result = courseUnitAvailability({
      now: new Date(now),
      enrollmentDate,
      unitIndex: 0,
      isOpenToAll: false,
      timeZone,
    });
    expect(result).toEqual(expected);
  });

  it('puts endsAt at local midnight after the Cairo spring DST change', () => {
    // Enrolled 2024-04-20 (EET, UTC+2); the window ends on 2024-04-27 00:00 EEST (UTC+3).
    const result = courseUnitAvailability({
      now: new Date('2024-04-22T08:00:00Z'),
      enrollmentDate: new Date('2024-04-20T08:00:00Z'),
      unitIndex: 0,
      isOpenToAll: false,
      timeZone: CAIRO,
    });
    expect(result).toEqual({
      state: 'open',
      daysLeft: 5,
      urgent: false,
      endsAt: new Date('2024-04-26T21:00:00Z'),
    });
  });
});

describe('courseUnitAvailability overrides', () => {
  it.each([
    ['with an enrolment date', ENROLLED, 30],
    ['without an enrolment date', null, 30],
    ['before the enrolment day', ENROLLED, -3],
  ])('an open-to-all course is permanently open %s', (_name, enrollmentDate, day) => {
    const result = courseUnitAvailability({
      now: onDay(day),
      enrollmentDate,
      unitIndex: 5,
      isOpenToAll: true,
      timeZone: CAIRO,
    });
    expect(result).toEqual({ state: 'permanent' });
  });

  it('a missing enrolment date makes a time-limited unit unavailable', () => {
    const result = courseUnitAvailability({
      now: onDay(0),
      enrollmentDate: null,
      unitIndex: 0,
      isOpenToAll: false,
      timeZone: CAIRO,
    });
    expect(result).toEqual({ state: 'no-enrollment-date' });
  });

  it('rejects a negative unit index', () => {
    expect(() =>
      courseUnitAvailability({
        now: onDay(0),
        enrollmentDate: ENROLLED,
        unitIndex: -1,
        isOpenToAll: true,
        timeZone: CAIRO,
      }),
    ).toThrow(RangeError);
  });
});

describe('unitCodeAvailability', () => {
  it.each<[number, UnitAvailability]>([
    [-1, { state: 'not-yet', daysUntil: 1, opensAt: cairoMidnight('2024-03-10') }],
    [0, { state: 'open', daysLeft: 7, urgent: false, endsAt: cairoMidnight('2024-03-17') }],
    [6, { state: 'open', daysLeft: 1, urgent: true, endsAt: cairoMidnight('2024-03-17') }],
    [7, { state: 'ended', endedAt: cairoMidnight('2024-03-17') }],
    [13, { state: 'ended', endedAt: cairoMidnight('2024-03-17') }],
    [14, { state: 'ended', endedAt: cairoMidnight('2024-03-17') }],
  ])('uses the first-unit window: day %i', (day, expected) => {
    expect(unitCodeAvailability({ now: onDay(day), redeemedAt: ENROLLED, timeZone: CAIRO })).toEqual(
      expected,
    );
  });

  it('is unavailable without a redemption date', () => {
    expect(unitCodeAvailability({ now: onDay(0), redeemedAt: null, timeZone: CAIRO })).toEqual({
      state: 'no-enrollment-date',
    });
  });

  it('counts days in the given zone', () => {
    const redeemedAt = new Date('2024-03-10T21:30:00Z');
    const now = new Date('2024-03-17T10:00:00Z');
    expect(unitCodeAvailability({ now, redeemedAt, timeZone: CAIRO }).state).toBe('ended');
    expect(unitCodeAvailability({ now, redeemedAt, timeZone: MUSCAT }).state).toBe('open');
  });
});

describe('isUnitAccessible', () => {
  it.each<[UnitAvailability, boolean]>([
    [{ state: 'permanent' }, true],
    [{ state: 'open', daysLeft: 1, urgent: true, endsAt: new Date(0) }, true],
    [{ state: 'no-enrollment-date' }, false],
    [{ state: 'not-yet', daysUntil: 1, opensAt: new Date(0) }, false],
    [{ state: 'ended', endedAt: new Date(0) }, false],
  ])('%j → %s', (availability, expected) => {
    expect(isUnitAccessible(availability)).toBe(expected);
  });
});

describe('availabilityChangesAt and nextAvailabilityChange', () => {
  const at = (day: number, unitIndex: number) =>
    courseUnitAvailability({
      now: onDay(day),
      enrollmentDate: ENROLLED,
      unitIndex,
      isOpenToAll: false,
      timeZone: CAIRO,
    });

  it('is the end of an open window, the opening of a later one, and never for the rest', () => {
    expect(availabilityChangesAt(at(6, 0))).toEqual(cairoMidnight('2024-03-17'));
    expect(availabilityChangesAt(at(-2, 0))).toEqual(cairoMidnight('2024-03-10'));
    expect(availabilityChangesAt(at(7, 0))).toBeNull();
    expect(availabilityChangesAt({ state: 'permanent' })).toBeNull();
    expect(availabilityChangesAt({ state: 'no-enrollment-date' })).toBeNull();
  });

  it('re-derived at that instant, the unit has changed state', () => {
    const open = at(6, 0);
    const change = availabilityChangesAt(open)!;
    const after = courseUnitAvailability({
      now: change,
      enrollmentDate: ENROLLED,
      unitIndex: 0,
      isOpenToAll: false,
      timeZone: CAIRO,
    });
    expect(after).toEqual({ state: 'ended', endedAt: change });
  });

  it('takes the earliest change over a course, or null when nothing will change', () => {
    expect(nextAvailabilityChange([at(6, 0), at(6, 1), at(6, 2)])).toEqual(cairoMidnight('2024-03-17'));
    expect(nextAvailabilityChange([at(8, 0), at(8, 1)])).toEqual(cairoMidnight('2024-03-24'));
    expect(nextAvailabilityChange([at(30, 0), { state: 'permanent' }])).toBeNull();
    expect(nextAvailabilityChange([])).toBeNull();
  });
});
