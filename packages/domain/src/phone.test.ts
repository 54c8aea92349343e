import { describe, it, expect } from 'vitest';
import { normalizeEmail, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each<[string, string | null]>([
    ['01012345678', '01012345678'],
    ['+201012345678', '+201012345678'],
    [' +20 101 234 5678 ', '+201012345678'],
    ['(010) 1234-5678', '01012345678'],
    ['+968 9123 4567', '+96891234567'],
    ['٠١٠١٢٣٤٥٦٧٨', '01012345678'],
    ['+۹۶۸۹۱۲۳۴۵۶۷', '+96891234567'],
    ['0020-101-234-5678', '00201012345678'],
    // digit count boundaries
    ['1234567', null],
    ['12345678', '12345678'],
    ['+12345678', '+12345678'],
    ['123456789012345', '123456789012345'],
    ['1234567890123456', null],
    // rejected characters
    ['++201012345678', null],
    ['20+1012345678', null],
    ['0101234567+', null],
    ['010.1234.5678', null],
    ['0101234567x', null],
    ['phone', null],
    ['+', null],
    ['', null],
    ['   ', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('normalizeEmail', () => {
  it.each([
    ['Student@Example.COM', 'student@example.com'],
    ['  a@b.eg\t', 'a@b.eg'],
    ['a@b.eg', 'a@b.eg'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});
