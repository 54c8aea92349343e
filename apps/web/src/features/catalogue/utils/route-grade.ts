// The grade of a course-list URL. The segment is normally the lowercase grade ('secondary3'); other
// forms people type ('3', '3rd secondary', 'Grade7') are read with normalizeGrade and sent to the
// canonical URL. An unknown country, or an unreadable grade without a country, names no page.
import {
  countryOfGrade,
  gradeFromRouteSegment,
  isCountry,
  normalizeGrade,
  type Country,
  type Grade,
} from '@app/domain';

export type RouteGrade = { grade: Grade; country: Country | null; canonical: boolean };

export function resolveRouteGrade(
  countrySegment: string | undefined,
  gradeSegment: string | undefined,
): RouteGrade | null {
  if (gradeSegment === undefined) return null;
  if (countrySegment !== undefined && !isCountry(countrySegment)) return null;
  const country = countrySegment ?? null;
  const strict = gradeFromRouteSegment(gradeSegment);
  if (strict && (country === null || countryOfGrade(strict) === country))
    return { grade: strict, country, canonical: true };
  const grade = country ? normalizeGrade(gradeSegment, country) : normalizeGrade(gradeSegment);
  return grade ? { grade, country, canonical: false } : null;
}
