import { toAsciiDigits } from './digits';

export const COUNTRIES = ['egypt', 'oman'] as const;
export type Country = (typeof COUNTRIES)[number];

export const EGYPT_GRADES = ['Secondary1', 'Secondary2', 'Secondary3'] as const;
export const OMAN_GRADES = [
  'Oman4',
  'Oman5',
  'Oman6',
  'Oman7',
  'Oman8',
  'Oman9',
  'Oman10',
  'Oman11',
  'Oman12',
] as const;
export const ALL_GRADES = [...EGYPT_GRADES, ...OMAN_GRADES] as const;
export type Grade = (typeof ALL_GRADES)[number];

const GRADE_LABELS_AR: Readonly<Record<Grade, string>> = {
  Secondary1: 'الصف الأول الثانوي',
  Secondary2: 'الصف الثاني الثانوي',
  Secondary3: 'الصف الثالث الثانوي',
  Oman4: 'الصف الرابع',
  Oman5: 'الصف الخامس',
  Oman6: 'الصف السادس',
  Oman7: 'الصف السابع',
  Oman8: 'الصف الثامن',
  Oman9: 'الصف التاسع',
  Oman10: 'الصف العاشر',
  Oman11: 'الصف الحادي عشر',
  Oman12: 'الصف الثاني عشر',
};

const COUNTRY_LABELS_AR: Readonly<Record<Country, string>> = { egypt: 'مصر', oman: 'عُمان' };

const GRADE_SET: ReadonlySet<string> = new Set(ALL_GRADES);
const GRADE_BY_LOWER: ReadonlyMap<string, Grade> = new Map(ALL_GRADES.map((g) => [g.toLowerCase(), g]));
const GRADE_BY_LABEL: ReadonlyMap<string, Grade> = new Map(
  ALL_GRADES.map((g) => [GRADE_LABELS_AR[g], g] as const),
);

export function isGrade(x: unknown): x is Grade {
  return typeof x === 'string' && GRADE_SET.has(x);
}

export function isCountry(x: unknown): x is Country {
  return x === 'egypt' || x === 'oman';
}

export function gradesOf(country: Country): readonly Grade[] {
  return country === 'egypt' ? EGYPT_GRADES : OMAN_GRADES;
}

export function defaultGrade(country: Country): Grade {
  return country === 'egypt' ? 'Secondary1' : 'Oman4';
}

export function countryOfGrade(g: Grade): Country {
  return g.startsWith('Oman') ? 'oman' : 'egypt';
}

export function gradeLabelAr(g: Grade): string {
  return GRADE_LABELS_AR[g];
}

export function countryLabelAr(c: Country): string {
  return COUNTRY_LABELS_AR[c];
}

export function gradeToRouteSegment(g: Grade): string {
  return g.toLowerCase();
}

/** Strict: the route segment must be a grade value (any letter case), nothing else. */
export function gradeFromRouteSegment(seg: string): Grade | null {
  return GRADE_BY_LOWER.get(seg.toLowerCase()) ?? null;
}

// Secondary{n} for n in 1-3 and Oman{n} for n in 4-12; an index outside the list gives null.
function secondary(n: number): Grade | null {
  return EGYPT_GRADES[n - 1] ?? null;
}

function oman(n: number): Grade | null {
  return OMAN_GRADES[n - 4] ?? null;
}

const SECONDARY_FORM = /^secondary\s*(\d+)(?:st|nd|rd|th)?$/;
const ORDINAL_FORM = /^(\d+)(?:st|nd|rd|th)?(\s*secondary)?$/;
const OMAN_FORM = /^(?:oman|grade)\s*(\d+)(?:st|nd|rd|th)?$/;

function parseGrade(raw: string, country: Country | undefined): Grade | null {
  const text = toAsciiDigits(raw).trim().replace(/\s+/g, ' ');
  const byLabel = GRADE_BY_LABEL.get(text);
  if (byLabel) return byLabel;
  const lower = text.toLowerCase();
  const exact = GRADE_BY_LOWER.get(lower.replace(/ /g, ''));
  if (exact) return exact;

  let match = SECONDARY_FORM.exec(lower);
  if (match) return secondary(Number(match[1]));
  match = OMAN_FORM.exec(lower);
  if (match) return oman(Number(match[1]));
  match = ORDINAL_FORM.exec(lower);
  if (!match) return null;
  const n = Number(match[1]);
  if (match[2]) return secondary(n);
  // A bare number is read in the given country's numbering; without a country the two ranges do
  // not overlap (1-3 Egypt, 4-12 Oman), so the number alone decides.
  if (country === 'egypt') return secondary(n);
  if (country === 'oman') return oman(n);
  return secondary(n) ?? oman(n);
}

/**
 * Reads the grade forms found in stored data and typed by people ('secondary1', 'Secondary 1',
 * '1st Secondary', '2', 'Grade7', 'Oman 5', Arabic-Indic digits, the Arabic label).
 * With a country the result is always one of that country's grades: unrecognised, out of range
 * or another country's grade gives the country default. Without a country those give null.
 */
export function normalizeGrade(input: string | null | undefined, country: Country): Grade;
export function normalizeGrade(input: string | null | undefined, country?: Country): Grade | null;
export function normalizeGrade(input: string | null | undefined, country?: Country): Grade | null {
  if (!country) return input == null ? null : parseGrade(input, country);
  return gradeOfCountry(input, country) ?? defaultGrade(country);
}

/**
 * Like normalizeGrade with a country, but without the default: a form that names none of the
 * country's grades ('secondary9' in Egypt, 'secondary3' in Oman) gives null. For addresses, where
 * a wrong grade must be 'not found', not silently the first grade.
 */
export function gradeOfCountry(input: string | null | undefined, country: Country): Grade | null {
  const parsed = input == null ? null : parseGrade(input, country);
  return parsed && countryOfGrade(parsed) === country ? parsed : null;
}
