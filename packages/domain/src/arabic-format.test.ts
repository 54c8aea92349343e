import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  daysLabelAr,
  formatCountdown,
  formatPriceCard,
  formatPriceDetail,
  hoursLabelAr,
  lastUsedLabelAr,
  minutesLabelAr,
  secondsLabelAr,
  timesLabelAr,
  toArabicDigits,
  waitSpanLabelAr,
} from './arabic-format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('toArabicDigits', () => {
  it.each<[string | number, string]>([
    ['0123456789', '٠١٢٣٤٥٦٧٨٩'],
    [2024, '٢٠٢٤'],
    [0, '٠'],
    [1.5, '١.٥'],
    ['n / 12', 'n / ١٢'],
    ['٣ أيام', '٣ أيام'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toArabicDigits(input)).toBe(expected);
  });
});

describe('prices', () => {
  it.each<[number, string, string]>([
    [0, 'مجاني', 'مجاني'],
    [1, '١ ج.م', '١٫٠٠ ج.م'],
    [49.99, '٤٩٫٩٩ ج.م', '٤٩٫٩٩ ج.م'],
    [50, '٥٠ ج.م', '٥٠٫٠٠ ج.م'],
    [99.5, '٩٩٫٥ ج.م', '٩٩٫٥٠ ج.م'],
    [1000, '١٬٠٠٠ ج.م', '١٬٠٠٠٫٠٠ ج.م'],
    [1234.567, '١٬٢٣٤٫٥٦٧ ج.م', '١٬٢٣٤٫٥٧ ج.م'],
    [0.5, '٠٫٥ ج.م', '٠٫٥٠ ج.م'],
    [1.005, '١٫٠٠٥ ج.م', '١٫٠١ ج.م'],
    [999.9999, '١٬٠٠٠ ج.م', '١٬٠٠٠٫٠٠ ج.م'],
    [1234567.5, '١٬٢٣٤٬٥٦٧٫٥ ج.م', '١٬٢٣٤٬٥٦٧٫٥٠ ج.م'],
  ])('%s → card %j, detail %j', (price, card, detail) => {
    expect(formatPriceCard(price)).toBe(card);
    expect(formatPriceDetail(price)).toBe(detail);
  });

  it('writes every price as Intl.NumberFormat for ar-EG with Arabic-Indic digits does', () => {
    const card = new Intl.NumberFormat('ar-EG', { numberingSystem: 'arab' });
    const detail = new Intl.NumberFormat('ar-EG', {
      numberingSystem: 'arab',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 3 }),
        (units, decimals) => {
          const price = units / 10 ** decimals;
          expect(formatPriceCard(price)).toBe(`${card.format(price)} ج.م`);
          expect(formatPriceDetail(price)).toBe(`${detail.format(price)} ج.م`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects price %s', (price) => {
    expect(() => formatPriceCard(price)).toThrow(RangeError);
    expect(() => formatPriceDetail(price)).toThrow(RangeError);
  });
});

describe('Arabic number agreement', () => {
  it.each<[number, string, string, string, string]>([
    [0, '٠ يوم', '٠ ساعة', '٠ دقيقة', '٠ ثانية'],
    [1, 'يوم واحد', 'ساعة واحدة', 'دقيقة واحدة', 'ثانية واحدة'],
    [2, 'يومان', 'ساعتان', 'دقيقتان', 'ثانيتان'],
    [3, '٣ أيام', '٣ ساعات', '٣ دقائق', '٣ ثوانٍ'],
    [10, '١٠ أيام', '١٠ ساعات', '١٠ دقائق', '١٠ ثوانٍ'],
    [11, '١١ يومًا', '١١ ساعة', '١١ دقيقة', '١١ ثانية'],
    [23, '٢٣ يومًا', '٢٣ ساعة', '٢٣ دقيقة', '٢٣ ثانية'],
    [99, '٩٩ يومًا', '٩٩ ساعة', '٩٩ دقيقة', '٩٩ ثانية'],
    [100, '١٠٠ يوم', '١٠٠ ساعة', '١٠٠ دقيقة', '١٠٠ ثانية'],
    [102, '١٠٢ يوم', '١٠٢ ساعة', '١٠٢ دقيقة', '١٠٢ ثانية'],
    [103, '١٠٣ أيام', '١٠٣ ساعات', '١٠٣ دقائق', '١٠٣ ثوانٍ'],
    [111, '١١١ يومًا', '١١١ ساعة', '١١١ دقيقة', '١١١ ثانية'],
  ])('%i → %s / %s / %s / %s', (n, days, hours, minutes, seconds) => {
    expect(daysLabelAr(n)).toBe(days);
    expect(hoursLabelAr(n)).toBe(hours);
    expect(minutesLabelAr(n)).toBe(minutes);
    expect(secondsLabelAr(n)).toBe(seconds);
  });

  it.each([
    [1, 'مرة واحدة'],
    [2, 'مرتين'],
    [7, '٧ مرات'],
    [12, '١٢ مرة'],
    [100, '١٠٠ مرة'],
  ])('%i times, after a verb → %s', (n, times) => {
    expect(timesLabelAr(n)).toBe(times);
  });

  it.each([-1, 1.5, Number.NaN])('rejects count %s', (n) => {
    expect(() => daysLabelAr(n)).toThrow(RangeError);
  });
});

describe("lastUsedLabelAr (a device's last use, after «منذ»)", () => {
  it.each([
    [0, 'آخر استخدام منذ أقل من دقيقة'],
    [59_999, 'آخر استخدام منذ أقل من دقيقة'],
    [MINUTE, 'آخر استخدام منذ دقيقة واحدة'],
    [2 * MINUTE + 59_000, 'آخر استخدام منذ دقيقتين'],
    [15 * MINUTE, 'آخر استخدام منذ ١٥ دقيقة'],
    [HOUR, 'آخر استخدام منذ ساعة واحدة'],
    [2 * HOUR, 'آخر استخدام منذ ساعتين'],
    [23 * HOUR + 59 * MINUTE, 'آخر استخدام منذ ٢٣ ساعة'],
    [DAY, 'آخر استخدام منذ يوم واحد'],
    [2 * DAY + 23 * HOUR, 'آخر استخدام منذ يومين'],
    [3 * DAY + 20 * HOUR, 'آخر استخدام منذ ٣ أيام'],
    [29 * DAY, 'آخر استخدام منذ ٢٩ يومًا'],
    [-5 * MINUTE, 'آخر استخدام منذ أقل من دقيقة'],
  ])('%s ms ago → %s', (ms, label) => {
    expect(lastUsedLabelAr(ms)).toBe(label);
  });
});

describe('waitSpanLabelAr (after «بعد», rounded up)', () => {
  it.each([
    [0, 'دقيقة واحدة'],
    [30_000, 'دقيقة واحدة'],
    [MINUTE + 1, 'دقيقتين'],
    [HOUR + 1, 'ساعتين'],
    [DAY, 'يوم واحد'],
    [DAY + 1, 'يومين'],
    [4 * DAY + HOUR, '٥ أيام'],
    [7 * DAY, '٧ أيام'],
  ])('%s ms → %s', (ms, label) => {
    expect(waitSpanLabelAr(ms)).toBe(label);
  });
});

describe('formatCountdown', () => {
  it.each<[string, number, string]>([
    ['ended at zero', 0, 'انتهى'],
    ['ended when negative', -5 * MINUTE, 'انتهى'],
    ['ended for NaN', Number.NaN, 'انتهى'],
    ['one millisecond', 1, 'أقل من دقيقة'],
    ['just under a minute', MINUTE - 1, 'أقل من دقيقة'],
    ['one minute', MINUTE, 'دقيقة واحدة'],
    ['two minutes', 2 * MINUTE, 'دقيقتان'],
    ['twelve minutes', 12 * MINUTE + 59_999, '١٢ دقيقة'],
    ['just under an hour', HOUR - 1, '٥٩ دقيقة'],
    ['one hour', HOUR, 'ساعة واحدة'],
    ['five hours and some minutes', 5 * HOUR + 30 * MINUTE, '٥ ساعات'],
    ['just under a day', DAY - 1, '٢٣ ساعة'],
    ['one day', DAY, 'يوم واحد'],
    ['one day and one hour', DAY + HOUR, 'يوم واحد وساعة واحدة'],
    ['two days and two hours', 2 * DAY + 2 * HOUR, 'يومان وساعتان'],
    ['three days and five hours', 3 * DAY + 5 * HOUR + 59 * MINUTE, '٣ أيام و٥ ساعات'],
    ['six days and 23 hours', 7 * DAY - 1, '٦ أيام و٢٣ ساعة'],
    ['seven days exactly', 7 * DAY, '٧ أيام'],
    ['fourteen days and eleven hours', 14 * DAY + 11 * HOUR, '١٤ يومًا و١١ ساعة'],
  ])('%s', (_name, ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });

  it('shows only Arabic-Indic digits', () => {
    for (const ms of [MINUTE * 37, HOUR * 17, DAY * 12 + HOUR * 4]) {
      expect(formatCountdown(ms)).not.toMatch(/[0-9]/);
    }
  });
});
