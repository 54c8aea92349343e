const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** ASCII digits 0-9 → Arabic-Indic ٠-٩; everything else (signs, separators, text) is kept. */
export function toArabicDigits(s: string | number): string {
  return String(s).replace(/[0-9]/g, (d) => ARABIC_DIGITS.charAt(Number(d)));
}

const CURRENCY_SUFFIX = ' ج.م';
const FREE = 'مجاني';
const GROUP_SEPARATOR = '٬';
const DECIMAL_SEPARATOR = '٫';

/**
 * A non-negative number as Intl.NumberFormat('ar-EG', { numberingSystem: 'arab' }) writes it, with
 * between `minFraction` and `maxFraction` decimals, rounded half away from zero on its shortest
 * decimal form. Written out rather than calling Intl because building that formatter loads ICU's
 * Arabic number data, 20–40 ms on the main thread of a phone's first course page; the domain tests
 * check it against Intl.
 */
function formatArabicNumber(value: number, minFraction: number, maxFraction: number): string {
  const scaled = Math.round(Number(`${value}e${maxFraction}`));
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`number too large to format: ${value}`);
  const digits = String(scaled).padStart(maxFraction + 1, '0');
  const whole = digits.slice(0, digits.length - maxFraction);
  let fraction = digits.slice(digits.length - maxFraction);
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  return toArabicDigits(fraction ? `${grouped}${DECIMAL_SEPARATOR}${fraction}` : grouped);
}

function checkPrice(price: number): void {
  if (!Number.isFinite(price) || price < 0) throw new RangeError(`invalid price: ${price}`);
}

/** Course cards: 0 is free, else the Arabic-locale number in Egyptian pounds. */
export function formatPriceCard(price: number): string {
  checkPrice(price);
  return price === 0 ? FREE : formatArabicNumber(price, 0, 3) + CURRENCY_SUFFIX;
}

/** Course detail page: 0 is free, else always two decimals. */
export function formatPriceDetail(price: number): string {
  checkPrice(price);
  return price === 0 ? FREE : formatArabicNumber(price, 2, 2) + CURRENCY_SUFFIX;
}

type NounForms = { one: string; two: string; few: string; many: string; other: string };

const DAY: NounForms = { one: 'يوم واحد', two: 'يومان', few: 'أيام', many: 'يومًا', other: 'يوم' };
const HOUR: NounForms = { one: 'ساعة واحدة', two: 'ساعتان', few: 'ساعات', many: 'ساعة', other: 'ساعة' };
const MINUTE: NounForms = { one: 'دقيقة واحدة', two: 'دقيقتان', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' };
const CHARACTER: NounForms = { one: 'حرف واحد', two: 'حرفان', few: 'أحرف', many: 'حرفًا', other: 'حرف' };
const SECOND: NounForms = { one: 'ثانية واحدة', two: 'ثانيتان', few: 'ثوانٍ', many: 'ثانية', other: 'ثانية' };
/** Accusative: «مرة» follows a verb as its adverb ('اختيرت مرتين'), never as a subject. */
const TIME: NounForms = { one: 'مرة واحدة', two: 'مرتين', few: 'مرات', many: 'مرة', other: 'مرة' };

/**
 * Arabic number agreement (the CLDR plural categories for 'ar'), by n and n mod 100:
 * - 1: the singular with واحد/واحدة and no digit ('يوم واحد'); 2: the dual alone ('يومان');
 * - n mod 100 in 3-10: digits + plural ('٣ أيام', '١٠٣ أيام');
 * - n mod 100 in 11-99: digits + accusative singular ('١١ يومًا', '١٥ ساعة');
 * - otherwise (0, 100, 101, 102, 200 …): digits + singular ('١٠٠ يوم').
 * Nominative forms: after a preposition the dual would be يومين; callers phrase around that.
 */
function countNoun(n: number, forms: NounForms): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`expected a whole count, got ${n}`);
  if (n === 1) return forms.one;
  if (n === 2) return forms.two;
  const mod100 = n % 100;
  const noun = mod100 >= 3 && mod100 <= 10 ? forms.few : mod100 >= 11 ? forms.many : forms.other;
  return `${toArabicDigits(n)} ${noun}`;
}

/** 'N day(s)' with Arabic agreement, e.g. for "available in N days" and "N days left". */
export function daysLabelAr(n: number): string {
  return countNoun(n, DAY);
}

export function hoursLabelAr(n: number): string {
  return countNoun(n, HOUR);
}

export function minutesLabelAr(n: number): string {
  return countNoun(n, MINUTE);
}

/** 'N character(s)', for length limits: '١٠٠ حرف', '٢٥٤ حرفًا', '٦ أحرف'. */
export function charactersLabelAr(n: number): string {
  return countNoun(n, CHARACTER);
}

export function secondsLabelAr(n: number): string {
  return countNoun(n, SECOND);
}

/** 'N time(s)' after a verb: 'اختيرت مرة واحدة', 'مرتين', '٧ مرات', '١٢ مرة'. */
export function timesLabelAr(n: number): string {
  return countNoun(n, TIME);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The countdown banner: days and hours, else hours, else minutes, else less than a minute, else
 * ended. Units are truncated (a remaining 1 h 59 min shows one hour) so it never overstates time
 * left; a zero hour part is left out ('٣ أيام', not '٣ أيام و٠ ساعة').
 */
export function formatCountdown(msRemaining: number): string {
  if (!(msRemaining > 0)) return 'انتهى';
  const days = Math.floor(msRemaining / DAY_MS);
  const hours = Math.floor((msRemaining % DAY_MS) / HOUR_MS);
  if (days >= 1) return hours > 0 ? `${daysLabelAr(days)} و${hoursLabelAr(hours)}` : daysLabelAr(days);
  if (hours >= 1) return hoursLabelAr(hours);
  const minutes = Math.floor(msRemaining / MINUTE_MS);
  if (minutes >= 1) return minutesLabelAr(minutes);
  return 'أقل من دقيقة';
}

/** Genitive duals, for counts after a preposition ('منذ يومين', 'بعد ساعتين'). */
const AFTER_PREPOSITION_DUAL = { day: 'يومين', hour: 'ساعتين', minute: 'دقيقتين' } as const;

/**
 * A span after a preposition, in its largest whole unit (days, else hours, else minutes), rounded
 * `down` for time gone by (3 days 20 hours ago is '٣ أيام') and `up` for time to wait (so it never
 * promises an earlier moment than the real one). Under a minute rounded down: 'أقل من دقيقة'.
 */
function spanAfterPreposition(ms: number, rounding: 'down' | 'up'): string {
  const round = rounding === 'down' ? Math.floor : Math.ceil;
  const span = Math.max(0, ms);
  const unit = span >= DAY_MS ? 'day' : span >= HOUR_MS ? 'hour' : 'minute';
  const size = unit === 'day' ? DAY_MS : unit === 'hour' ? HOUR_MS : MINUTE_MS;
  const n = round(span / size);
  if (n === 0) return 'أقل من دقيقة';
  if (n === 2) return AFTER_PREPOSITION_DUAL[unit];
  return unit === 'day' ? daysLabelAr(n) : unit === 'hour' ? hoursLabelAr(n) : minutesLabelAr(n);
}

/** A device's last use: 'آخر استخدام منذ ٣ أيام', '… منذ ساعتين', '… منذ أقل من دقيقة'. */
export function lastUsedLabelAr(msAgo: number): string {
  return `آخر استخدام منذ ${spanAfterPreposition(msAgo, 'down')}`;
}

/** A wait, after 'بعد': '٥ أيام', 'يومين', '٣ ساعات', 'دقيقة واحدة'. */
export function waitSpanLabelAr(msLeft: number): string {
  return spanAfterPreposition(Math.max(msLeft, 1), 'up');
}
