// What text a person sends may contain. Two rules: every string of every request (no control
// character but tab, newline and carriage return; PostgreSQL cannot even store NUL), and, for the
// names and titles people read back (person, course, unit, lesson, quiz, batch and school names),
// no invisible formatting (bidi controls reorder what the admin and other students see) and no
// letter buried under a pile of combining marks. Arabic with its harakat (shadda and a vowel make
// two marks) and Quranic annotation marks stays within the limit.

/** At most this many combining marks in a row on one letter (shadda + fatha + a Quranic sign). */
export const MAX_COMBINING_MARKS = 3;

export type RequestTextProblem = 'control' | 'malformed';
export type HumanTextProblem = 'control' | 'invisible' | 'marks';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;

const isLineControl = (code: number) => code === TAB || code === LF || code === CR;

/** C0 controls and DEL; tab, newline and carriage return only where `allowLines` is false. */
const isControl = (code: number, allowLines: boolean) =>
  ((code < 0x20 || code === DEL) && !(allowLines && isLineControl(code))) ||
  (code >= 0x80 && code <= 0x9f) || // C1 controls
  code === 0x2028 || // line separator
  code === 0x2029; // paragraph separator

/** Where a request's text first goes wrong: a C0 control (bar tab, LF, CR), DEL, or a lone surrogate. */
export function requestTextProblem(text: string): RequestTextProblem | null {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !isLineControl(code)) || code === DEL) return 'control';
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'malformed';
      i += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return 'malformed';
  }
  return null;
}

const FORMAT = /\p{Cf}/u;
const MARK = /\p{M}/u;

/**
 * Format characters that are visible or needed: the Arabic number signs and end-of-ayah (U+0600–
 * U+0605, U+06DD, U+08E2), and the zero-width (non-)joiner that Persian and emoji sequences use.
 */
const ALLOWED_FORMAT = new Set([
  0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06dd, 0x08e2, 0x200c, 0x200d,
]);

/** Joiners count with the marks of their run, so a letter cannot hide under fifty of them either. */
const isJoiner = (code: number) => code === 0x200c || code === 0x200d;

/**
 * Why `text` is not a name or title a person typed: a control character (tab and line breaks too,
 * unless `multiline`), an invisible format character (bidi controls U+202A–U+202E, U+2066–U+2069,
 * U+200E/U+200F, U+061C, zero-width space, soft hyphen, BOM …), or more than MAX_COMBINING_MARKS
 * combining marks in a row.
 */
export function humanTextProblem(
  text: string,
  options: { multiline?: boolean } = {},
): HumanTextProblem | null {
  if (requestTextProblem(text) === 'malformed') return 'control';
  let marks = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (isControl(code, options.multiline === true)) return 'control';
    if (FORMAT.test(char) && !ALLOWED_FORMAT.has(code)) return 'invisible';
    marks = MARK.test(char) || isJoiner(code) ? marks + 1 : 0;
    if (marks > MAX_COMBINING_MARKS) return 'marks';
  }
  return null;
}
