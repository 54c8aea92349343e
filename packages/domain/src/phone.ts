import { toAsciiDigits } from './digits';

const MIN_PHONE_DIGITS = 8;
const MAX_PHONE_DIGITS = 15; // E.164 maximum

/**
 * The stored form of a phone number: ASCII digits with an optional single leading '+', spaces,
 * dashes and parentheses removed. 8-15 digits, else null. Anything else (letters, dots, a '+'
 * that is not the first character) makes it invalid rather than being silently dropped.
 */
export function normalizePhone(input: string): string | null {
  const compact = toAsciiDigits(input).replace(/[\s\-\u2010-\u2015\u2212()]/g, '');
  const match = /^(\+?)(\d+)$/.exec(compact);
  if (!match) return null;
  const [, plus = '', digits = ''] = match;
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) return null;
  return plus + digits;
}

/** Emails are compared case-insensitively and without surrounding spaces (login, registration). */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}
