// Spec (my lectures): search over unit name, unit title and course name (any letter case), a grade
// filter (all or one of the three Egyptian grades) and a term filter (all, First, Second). The server
// applies them to all of the student's units before paging; the same rule runs on each page shown.
// The filters live in the URL (?search=&grade=&term=).
import type { MyUnit } from '@app/contract';
import { EGYPT_GRADES, normalizeGrade, splitCourseName } from '@app/domain';

export const GRADE_FILTERS = ['all', ...EGYPT_GRADES] as const;
export type GradeFilter = (typeof GRADE_FILTERS)[number];
export const TERM_FILTERS = ['all', 'First', 'Second'] as const;
export type TermFilter = (typeof TERM_FILTERS)[number];

export type UnitFilters = { search: string; grade: GradeFilter; term: TermFilter };
export const NO_FILTERS: UnitFilters = { search: '', grade: 'all', term: 'all' };

const fold = (text: string) => text.toLocaleLowerCase().trim();

function matchesSearch(unit: MyUnit, query: string): boolean {
  if (!query) return true;
  const fields = [
    unit.unitName,
    unit.unitTitle,
    unit.courseName,
    splitCourseName(unit.courseName).displayName,
  ];
  return fields.some((field) => fold(field).includes(query));
}

export function filterUnits(units: readonly MyUnit[], filters: UnitFilters): MyUnit[] {
  const query = fold(filters.search);
  return units.filter(
    (unit) =>
      matchesSearch(unit, query) &&
      (filters.grade === 'all' || normalizeGrade(unit.grade) === filters.grade) &&
      (filters.term === 'all' || unit.term.toLowerCase() === filters.term.toLowerCase()),
  );
}

export function isFiltering(filters: UnitFilters): boolean {
  return filters.search.trim() !== '' || filters.grade !== 'all' || filters.term !== 'all';
}

const isGrade = (value: string | null): value is GradeFilter =>
  (GRADE_FILTERS as readonly string[]).includes(value ?? '');
const isTerm = (value: string | null): value is TermFilter =>
  (TERM_FILTERS as readonly string[]).includes(value ?? '');

/** The filters in a URL's query; unknown values mean 'all'. */
export function readFilters(params: URLSearchParams): UnitFilters {
  const grade = params.get('grade');
  const term = params.get('term');
  return {
    search: params.get('search') ?? '',
    grade: isGrade(grade) ? grade : 'all',
    term: isTerm(term) ? term : 'all',
  };
}

/** `params` with `filters` written in (defaults left out) and the page back to the first. */
export function writeFilters(params: URLSearchParams, filters: UnitFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  const entries: [string, string, string][] = [
    ['search', filters.search, ''],
    ['grade', filters.grade, 'all'],
    ['term', filters.term, 'all'],
  ];
  for (const [key, value, fallback] of entries) {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
