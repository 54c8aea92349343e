export const TERMS = ['First', 'Second', 'Summer'] as const;
export type Term = (typeof TERMS)[number];

/** A course without a term is a first-term course. */
export const DEFAULT_TERM: Term = 'First';

const TERM_LABELS_AR: Readonly<Record<Term, string>> = {
  First: 'الفصل الدراسي الأول',
  Second: 'الفصل الدراسي الثاني',
  Summer: 'الفصل الصيفي',
};

export function isTerm(x: unknown): x is Term {
  return x === 'First' || x === 'Second' || x === 'Summer';
}

export function termLabelAr(t: Term): string {
  return TERM_LABELS_AR[t];
}
