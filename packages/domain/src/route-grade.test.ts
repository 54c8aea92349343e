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
    expect(resolveRouteGrade(undefined, '3rd secondary')).toEqual({
      grade: 'Secondary3',
      country: null,
      canonical: false,
    });
  });

  it("uses the country's default grade for an unreadable or foreign grade", () => {
    expect(resolveRouteGrade('egypt', 'oman5')?.grade).toBe('Secondary1');
    expect(resolveRouteGrade('oman', 'nonsense')?.grade).toBe('Oman4');
  });

  it('names no page for an unknown country or an unreadable grade without a country', () => {
    expect(resolveRouteGrade('france', 'secondary1')).toBeNull();
    expect(resolveRouteGrade(undefined, 'nonsense')).toBeNull();
  });
});
