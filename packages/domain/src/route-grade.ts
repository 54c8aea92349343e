// The grade of a course-list address (/courses/{country}/grade/{grade}, /courses/grade/{grade}). The
// segment is normally the lowercase grade ('secondary3'); other forms people type ('3', '3rd
// secondary', 'Grade7') are read as grades and sent to the canonical address. An unknown country, or
// a segment that names none of the country's grades ('secondary9'), names no page: the screen says
// 'not found' rather than showing another grade.
import {
  countryOfGrade,
  gradeFromRouteSegment,
  gradeOfCountry,
  isCountry,
  normalizeGrade,
  type Country,
  type Grade,
} from './grades';

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
  const grade = country ? gradeOfCountry(gradeSegment, country) : normalizeGrade(gradeSegment);
  return grade ? { grade, country, canonical: false } : null;
}
