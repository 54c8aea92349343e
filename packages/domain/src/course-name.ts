/** English subject keys used in course names, with their Arabic names for the subject chips. */
export const SUBJECTS = {
  chemistry: 'كيمياء',
  physics: 'فيزياء',
  science: 'علوم',
  philosophy: 'فلسفة',
  logic: 'منطق',
  psychology: 'علم نفس',
  sociology: 'علم اجتماع',
  arabic: 'لغة عربية',
} as const;
export type SubjectKey = keyof typeof SUBJECTS;

function isSubjectKey(x: string): x is SubjectKey {
  return Object.hasOwn(SUBJECTS, x);
}

/** The Arabic name of a known subject key (any case); any other subject text is shown as is. */
export function subjectLabelAr(subject: string): string {
  const key = subject.trim().toLowerCase();
  return isSubjectKey(key) ? SUBJECTS[key] : subject;
}

// The marker must start a word; its subject is the rest of that word.
const MARKER = /(^|\s)coursesubject:(\S*)/i;

/**
 * Course names carry their subject either as a `coursesubject:<subject>` word anywhere in the name
 * or as the first word. A one-word name has no subject. Whitespace in the display name is collapsed.
 */
export function splitCourseName(courseName: string): { subject: string | null; displayName: string } {
  const marked = MARKER.exec(courseName);
  if (marked) {
    const displayName = courseName.replace(MARKER, '$1').trim().replace(/\s+/g, ' ');
    return { subject: marked[2] || null, displayName };
  }
  const words = courseName.trim().split(/\s+/);
  if (words.length < 2) return { subject: null, displayName: words[0] ?? '' };
  const [subject = null, ...rest] = words;
  return { subject, displayName: rest.join(' ') };
}

// Built on first use, not at import: loading ICU's Arabic collation data is a long task on a phone,
// and the course list needs it only when it shows more than one subject chip.
let arabicCollator: Intl.Collator | undefined;

/** Arabic dictionary order (alef forms together, not by code point), for sorting subject chips. */
export function compareArabic(a: string, b: string): number {
  arabicCollator ??= new Intl.Collator('ar');
  return arabicCollator.compare(a, b);
}
