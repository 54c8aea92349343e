import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { humanTextProblem, MAX_COMBINING_MARKS, requestTextProblem } from './text-rules';

const C0_BUT_LINES = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter(
  (c) => !'\t\n\r'.includes(c),
);

describe('requestTextProblem', () => {
  it.each([...C0_BUT_LINES, '\u007f'])('refuses control %j', (control) => {
    expect(requestTextProblem(`a${control}b`)).toBe('control');
  });

  it.each(['\ud800', 'a\udc00', 'x\ud83dy'])('refuses a lone surrogate in %j', (text) => {
    expect(requestTextProblem(text)).toBe('malformed');
  });

  it.each(['', 'plain', 'سطر\nسطر\r\n\tمزاح', 'مُحَمَّدٌ', '😀 emoji', '\u202e'])('accepts %j', (text) => {
    expect(requestTextProblem(text)).toBeNull();
  });

  it('finds a control character wherever it is put into any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...C0_BUT_LINES, '\u007f'), fc.nat(), (text, control, at) => {
        const i = at % (text.length + 1);
        expect(requestTextProblem(text.slice(0, i) + control + text.slice(i))).not.toBeNull();
      }),
    );
  });
});

describe('humanTextProblem', () => {
  it.each([
    'مُحَمَّدٌ',
    'فَاطِمَةُ الزَّهْرَاءِ',
    'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ',
    'مِنْ رَّبِّهِمْۖ',
    'ذَٰلِكَ ٱلْكِتَٰبُ لَا رَيْبَۛ فِيهِۛ',
    'حَقًّۖا',
    '۝١',
    'Zoë Saldaña',
    'Nguyễn Thị Ánh',
    'नमस्ते',
    'می‌خواهم',
    'O\u2019Brien',
  ])('accepts %j', (text) => {
    expect(humanTextProblem(text)).toBeNull();
  });

  it.each([
    ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u00ad\ufeff\u2060',
  ])('refuses the invisible format character %j', (char) => {
    expect(humanTextProblem(`أحمد${char}علي`)).toBe('invisible');
  });

  it.each(['\t', '\n', '\r', '\u0000', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029'])(
    'refuses the control or separator %j in a single line',
    (char) => {
      expect(humanTextProblem(`a${char}b`)).toBe('control');
    },
  );

  it('takes tab and line breaks where the text is multi-line, and nothing else', () => {
    expect(humanTextProblem('سؤال\n\tثانٍ\r\n', { multiline: true })).toBeNull();
    expect(humanTextProblem('a\u0000b', { multiline: true })).toBe('control');
    expect(humanTextProblem('a\u202eb', { multiline: true })).toBe('invisible');
  });

  it(`allows ${MAX_COMBINING_MARKS} marks in a row on one letter, not one more`, () => {
    expect(humanTextProblem('a' + '\u0301'.repeat(MAX_COMBINING_MARKS))).toBeNull();
    expect(humanTextProblem('a' + '\u0301'.repeat(MAX_COMBINING_MARKS + 1))).toBe('marks');
    expect(humanTextProblem('a' + '\u0301'.repeat(50))).toBe('marks');
    expect(humanTextProblem('ب' + 'ّ'.repeat(2) + 'َ'.repeat(2))).toBe('marks');
    expect(humanTextProblem('a' + '\u200d'.repeat(10))).toBe('marks');
  });

  it('counts marks per letter: many marked letters in a row are fine', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (letters) => {
        expect(humanTextProblem('بَّ'.repeat(letters))).toBeNull();
      }),
    );
  });
});
