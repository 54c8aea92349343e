import { describe, expect, it } from 'vitest';
import { resolveRouteGrade } from './route-grade';

describe('resolveRouteGrade', () => {
  it('reads the lowercase grade segment', () => {
    expect(resolveRouteGrade('egypt', 'secondary3')).toEqual({
      grade: 'Secondary3',
      country: 'egypt',
      canonical: true,
    });
    expect(resolveRouteGrade(undefined, 'oman7')).toEqual({ grade: 'Oman7', country: null, canonical: true });
  });

  it('forgives other forms within the country, to be redirected to the canonical URL', () => {
    expect(resolveRouteGrade('egypt', '2')).toEqual({
      grade: 'Secondary2',
      country: 'egypt',
      canonical: false,
    });
    expect(resolveRouteGrade('oman', 'Grade9')).toEqual({
      grade: 'Oman9',
      country: 'oman',
      canonical: false,
    });
    expect(resolveRouteGrade('oman', '5')).toEqual({ grade: 'Oman5', country: 'oman', canonical: false });
    expect(resolveRouteGrade(undefined, '3rd secondary')).toEqual({
      grade: 'Secondary3',
      country: null,
      canonical: false,
    });
  });

  // Issue 15, defect 14: a bad grade is not the country's first grade, it is no page at all.
  it("names no page for a grade the country does not have, instead of the country's first grade", () => {
    for (const [country, grade] of [
      ['egypt', 'secondary9'],
      ['egypt', 'secondary0'],
      ['egypt', '7'],
      ['egypt', 'oman5'],
      ['egypt', 'nonsense'],
      ['oman', 'secondary3'],
      ['oman', '2'],
      ['oman', 'oman13'],
      ['oman', 'nonsense'],
      ['oman', ''],
    ] as const)
      expect(resolveRouteGrade(country, grade), `${country}/${grade}`).toBeNull();
  });

  it('names no page for an unknown country or an unreadable grade without a country', () => {
    expect(resolveRouteGrade('france', 'secondary1')).toBeNull();
    expect(resolveRouteGrade(undefined, 'nonsense')).toBeNull();
    expect(resolveRouteGrade(undefined, 'secondary9')).toBeNull();
    expect(resolveRouteGrade(undefined, undefined)).toBeNull();
  });
});
