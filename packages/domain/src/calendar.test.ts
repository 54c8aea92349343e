import { describe, it, expect } from 'vitest';
import { DEFAULT_TIME_ZONE, elapsedDays, isValidTimeZone, startOfDayPlusDays } from './calendar';

const CAIRO = 'Africa/Cairo';
const MUSCAT = 'Asia/Muscat';
const UTC = 'UTC';
const at = (iso: string) => new Date(iso);

describe('DEFAULT_TIME_ZONE', () => {
  it('is Cairo', () => {
    expect(DEFAULT_TIME_ZONE).toBe(CAIRO);
  });
});

describe('elapsedDays', () => {
  it.each([
    // Cairo in winter is UTC+2: local midnight is 22:00Z the day before.
    ['same instant', '2024-03-10T10:00:00Z', '2024-03-10T10:00:00Z', CAIRO, 0],
    ['later the same local day', '2024-03-10T00:00:00Z', '2024-03-10T21:59:59Z', CAIRO, 0],
    ['one second after local midnight', '2024-03-10T21:59:59Z', '2024-03-10T22:00:00Z', CAIRO, 1],
    ['just before the next local midnight', '2024-03-10T08:00:00Z', '2024-03-11T21:59:59Z', CAIRO, 1],
    ['at the next-but-one local midnight', '2024-03-10T08:00:00Z', '2024-03-11T22:00:00Z', CAIRO, 2],
    ['a week later', '2024-03-10T08:00:00Z', '2024-03-17T08:00:00Z', CAIRO, 7],
    ['from a later day', '2024-03-12T08:00:00Z', '2024-03-10T08:00:00Z', CAIRO, -2],
    ['from the next local day, minutes away', '2024-03-10T22:00:00Z', '2024-03-10T21:59:00Z', CAIRO, -1],
    // The same pair of instants counts differently by zone.
    ['21:30Z→22:30Z next day in Cairo', '2024-03-10T21:30:00Z', '2024-03-11T22:30:00Z', CAIRO, 2],
    ['21:30Z→22:30Z next day in Muscat (UTC+4)', '2024-03-10T21:30:00Z', '2024-03-11T22:30:00Z', MUSCAT, 1],
    ['21:30Z→22:30Z next day in UTC', '2024-03-10T21:30:00Z', '2024-03-11T22:30:00Z', UTC, 1],
    ['Muscat, just before local midnight', '2024-03-10T05:00:00Z', '2024-03-10T19:59:59Z', MUSCAT, 0],
    ['Muscat, at local midnight', '2024-03-10T05:00:00Z', '2024-03-10T20:00:00Z', MUSCAT, 1],
    ['UTC, just before midnight', '2024-03-10T00:00:00Z', '2024-03-10T23:59:59.999Z', UTC, 0],
    ['UTC, at midnight', '2024-03-10T23:59:59.999Z', '2024-03-11T00:00:00Z', UTC, 1],
    // Cairo DST starts 2024-04-26: 00:00 EET jumps to 01:00 EEST (a 23-hour day).
    ['across the spring DST change', '2024-04-20T08:00:00Z', '2024-04-27T08:00:00Z', CAIRO, 7],
    ['start of the 23-hour day', '2024-04-25T21:59:59Z', '2024-04-25T22:00:00Z', CAIRO, 1],
    ['summer local midnight (UTC+3)', '2024-06-01T20:59:59Z', '2024-06-01T21:00:00Z', CAIRO, 1],
    // Cairo DST ends 2024-10-31 24:00 EEST → 23:00 EET (a 25-hour day).
    ['inside the repeated hour', '2024-10-30T21:00:00Z', '2024-10-31T21:30:00Z', CAIRO, 0],
    ['after the 25-hour day', '2024-10-30T21:00:00Z', '2024-10-31T22:00:00Z', CAIRO, 1],
    ['across the autumn DST change', '2024-10-28T08:00:00Z', '2024-11-04T08:00:00Z', CAIRO, 7],
  ])('%s', (_name, from, now, zone, expected) => {
    expect(elapsedDays(at(from), at(now), zone)).toBe(expected);
  });

  it('rejects an unknown time zone instead of returning NaN', () => {
    expect(() => elapsedDays(at('2024-03-10T00:00:00Z'), at('2024-03-11T00:00:00Z'), 'Mars/Olympus')).toThrow(
      RangeError,
    );
  });

  it('rejects an invalid date', () => {
    expect(() => elapsedDays(new Date(Number.NaN), at('2024-03-11T00:00:00Z'), CAIRO)).toThrow(RangeError);
  });
});

describe('startOfDayPlusDays', () => {
  it.each([
    ['start of the same Cairo day', '2024-03-10T10:00:00Z', 0, CAIRO, '2024-03-09T22:00:00.000Z'],
    ['Cairo, just before local midnight', '2024-03-10T21:59:59Z', 0, CAIRO, '2024-03-09T22:00:00.000Z'],
    ['Cairo, just after local midnight', '2024-03-10T22:00:01Z', 0, CAIRO, '2024-03-10T22:00:00.000Z'],
    ['a week after, in Cairo winter', '2024-03-10T10:00:00Z', 7, CAIRO, '2024-03-16T22:00:00.000Z'],
    ['negative days', '2024-03-10T10:00:00Z', -1, CAIRO, '2024-03-08T22:00:00.000Z'],
    // Across the spring change the result is local midnight EEST (UTC+3), not 7×24 h later.
    ['a week across the spring DST change', '2024-04-20T10:00:00Z', 7, CAIRO, '2024-04-26T21:00:00.000Z'],
    // 2024-04-26 has no 00:00 in Cairo; the day begins at 01:00 EEST.
    ['the day whose midnight is skipped', '2024-04-20T10:00:00Z', 6, CAIRO, '2024-04-25T22:00:00.000Z'],
    ['a week across the autumn DST change', '2024-10-28T10:00:00Z', 7, CAIRO, '2024-11-03T22:00:00.000Z'],
    ['the day after the 25-hour day', '2024-10-31T05:00:00Z', 1, CAIRO, '2024-10-31T22:00:00.000Z'],
    ['from inside the repeated hour', '2024-10-31T21:30:00Z', 0, CAIRO, '2024-10-30T21:00:00.000Z'],
    ['Muscat (UTC+4, no DST)', '2024-04-20T10:00:00Z', 7, MUSCAT, '2024-04-26T20:00:00.000Z'],
    ['Muscat, from just after local midnight', '2024-03-10T20:00:00Z', 1, MUSCAT, '2024-03-11T20:00:00.000Z'],
    ['UTC', '2024-04-20T23:59:59Z', 14, UTC, '2024-05-04T00:00:00.000Z'],
  ])('%s', (_name, from, days, zone, expected) => {
    expect(startOfDayPlusDays(at(from), days, zone).toISOString()).toBe(expected);
  });

  it('returns a plain Date', () => {
    const result = startOfDayPlusDays(at('2024-03-10T10:00:00Z'), 1, CAIRO);
    expect(Object.getPrototypeOf(result)).toBe(Date.prototype);
  });

  it('is consistent with elapsedDays: the returned instant is exactly `days` local days later', () => {
    const from = at('2024-04-20T10:00:00Z');
    for (const days of [0, 1, 6, 7, 13, 14, 200]) {
      const start = startOfDayPlusDays(from, days, CAIRO);
      expect(elapsedDays(from, start, CAIRO)).toBe(days);
      expect(elapsedDays(from, new Date(start.getTime() - 1), CAIRO)).toBe(days - 1);
    }
  });

  it('rejects an unknown time zone', () => {
    expect(() => startOfDayPlusDays(at('2024-03-10T10:00:00Z'), 1, 'Nowhere/Special')).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    [CAIRO, true],
    [MUSCAT, true],
    [UTC, true],
    ['Mars/Olympus', false],
    ['', false],
  ])('%j is %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});
