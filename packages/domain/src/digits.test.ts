import { describe, it, expect } from 'vitest';
import { toAsciiDigits } from './digits';

describe('toAsciiDigits', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['0123456789', '0123456789'],
    ['الصف ٣', 'الصف 3'],
    ['+٢٠ ١٠٠', '+20 100'],
    ['abc', 'abc'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toAsciiDigits(input)).toBe(expected);
  });
});
