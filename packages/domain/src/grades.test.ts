import { describe, it, expect } from 'vitest';
import type { Country, Grade } from './grades';
import {
  ALL_GRADES,
  EGYPT_GRADES,
  OMAN_GRADES,
  countryLabelAr,
  countryOfGrade,
  defaultGrade,
  gradeFromRouteSegment,
  gradeLabelAr,
  gradeToRouteSegment,
  gradesOf,
  isCountry,
  isGrade,
  normalizeGrade,
} from './grades';

describe('grade lists', () => {
  it('lists the Egyptian grades, then the Omani grades 4 to 12, in order', () => {
    expect(EGYPT_GRADES).toEqual(['Secondary1', 'Secondary2', 'Secondary3']);
    expect(OMAN_GRADES).toEqual(Array.from({ length: 9 }, (_, i) => `Oman${i + 4}`));
    expect(ALL_GRADES).toEqual([...EGYPT_GRADES, ...OMAN_GRADES]);
  });

  it.each<[Country, readonly Grade[], Grade]>([
    ['egypt', EGYPT_GRADES, 'Secondary1'],
    ['oman', OMAN_GRADES, 'Oman4'],
  ])('%s has its grade list and default', (country, grades, fallback) => {
    expect(gradesOf(country)).toEqual(grades);
    expect(defaultGrade(country)).toBe(fallback);
    expect(grades.every((g) => countryOfGrade(g) === country)).toBe(true);
  });
});

describe('isGrade / isCountry', () => {
  it.each<[unknown, boolean]>([
    ['Secondary1', true],
    ['Oman12', true],
    ['secondary1', false],
    ['Oman3', false],
    ['Oman13', false],
    [' Secondary1', false],
    [1, false],
    [null, false],
    [undefined, false],
  ])('isGrade(%j) is %s', (x, expected) => {
    expect(isGrade(x)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    ['egypt', true],
    ['oman', true],
    ['Egypt', false],
    ['', false],
    [0, false],
  ])('isCountry(%j) is %s', (x, expected) => {
    expect(isCountry(x)).toBe(expected);
  });
});

describe('normalizeGrade without a country', () => {
  it.each<[string | null | undefined, Grade | null]>([
    ['Secondary1', 'Secondary1'],
    ['secondary1', 'Secondary1'],
    [' SECONDARY1 ', 'Secondary1'],
    ['Secondary 2', 'Secondary2'],
    ['secondary  3', 'Secondary3'],
    ['1st Secondary', 'Secondary1'],
    ['2nd', 'Secondary2'],
    ['3rd secondary', 'Secondary3'],
    ['1st', 'Secondary1'],
    ['1', 'Secondary1'],
    ['2', 'Secondary2'],
    ['3', 'Secondary3'],
    ['4', 'Oman4'],
    ['7', 'Oman7'],
    ['12', 'Oman12'],
    ['٣', 'Secondary3'],
    ['۲', 'Secondary2'],
    ['١٢', 'Oman12'],
    ['Grade7', 'Oman7'],
    ['grade 7', 'Oman7'],
    ['GRADE 12', 'Oman12'],
    ['Oman 5', 'Oman5'],
    ['oman10', 'Oman10'],
    ['Oman12', 'Oman12'],
    ['الصف الأول الثانوي', 'Secondary1'],
    ['الصف الحادي عشر', 'Oman11'],
    // out of range or unrecognised
    ['0', null],
    ['13', null],
    ['Secondary4', null],
    ['Secondary0', null],
    ['4th secondary', null],
    ['Grade3', null],
    ['Oman3', null],
    ['Oman13', null],
    ['-1', null],
    ['1.5', null],
    ['first', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(normalizeGrade(input)).toBe(expected);
  });
});

describe('normalizeGrade with a country', () => {
  it.each<[string | null | undefined, Country, Grade]>([
    ['2', 'egypt', 'Secondary2'],
    ['3', 'egypt', 'Secondary3'],
    // a bare number outside the country's range gives that country's default
    ['4', 'egypt', 'Secondary1'],
    ['7', 'egypt', 'Secondary1'],
    ['4', 'oman', 'Oman4'],
    ['12', 'oman', 'Oman12'],
    ['٩', 'oman', 'Oman9'],
    ['2', 'oman', 'Oman4'],
    ['13', 'oman', 'Oman4'],
    ['2nd', 'egypt', 'Secondary2'],
    ['5th', 'oman', 'Oman5'],
    ['Grade 8', 'oman', 'Oman8'],
    ['secondary 3', 'egypt', 'Secondary3'],
    // the result always belongs to the given country
    ['Secondary2', 'oman', 'Oman4'],
    ['Oman7', 'egypt', 'Secondary1'],
    // unrecognised or missing
    ['rubbish', 'egypt', 'Secondary1'],
    ['rubbish', 'oman', 'Oman4'],
    ['', 'oman', 'Oman4'],
    [null, 'egypt', 'Secondary1'],
    [undefined, 'oman', 'Oman4'],
  ])('%j in %s → %s', (input, country, expected) => {
    expect(normalizeGrade(input, country)).toBe(expected);
  });
});

describe('Arabic labels', () => {
  it.each<[Grade, string]>([
    ['Secondary1', 'الصف الأول الثانوي'],
    ['Secondary2', 'الصف الثاني الثانوي'],
    ['Secondary3', 'الصف الثالث الثانوي'],
    ['Oman4', 'الصف الرابع'],
    ['Oman5', 'الصف الخامس'],
    ['Oman6', 'الصف السادس'],
    ['Oman7', 'الصف السابع'],
    ['Oman8', 'الصف الثامن'],
    ['Oman9', 'الصف التاسع'],
    ['Oman10', 'الصف العاشر'],
    ['Oman11', 'الصف الحادي عشر'],
    ['Oman12', 'الصف الثاني عشر'],
  ])('%s is %s', (grade, label) => {
    expect(gradeLabelAr(grade)).toBe(label);
  });

  it.each<[Country, string]>([
    ['egypt', 'مصر'],
    ['oman', 'عُمان'],
  ])('%s is %s', (country, label) => {
    expect(countryLabelAr(country)).toBe(label);
  });
});

describe('route segments', () => {
  it.each(ALL_GRADES.map((g) => [g] as const))('%s round-trips through its lowercase segment', (grade) => {
    const segment = gradeToRouteSegment(grade);
    expect(segment).toBe(grade.toLowerCase());
    expect(gradeFromRouteSegment(segment)).toBe(grade);
  });

  it.each<[string, Grade | null]>([
    ['secondary1', 'Secondary1'],
    ['SECONDARY1', 'Secondary1'],
    ['Oman12', 'Oman12'],
    ['secondary 1', null],
    [' secondary1', null],
    ['1', null],
    ['grade7', null],
    ['oman3', null],
    ['', null],
  ])('gradeFromRouteSegment(%j) → %j', (segment, expected) => {
    expect(gradeFromRouteSegment(segment)).toBe(expected);
  });
});
