// Grade and term labels for course and unit cards. The Arabic labels and the grade normalisation are
// the rules of @app/domain; a value the rules do not know is shown as the server sent it.
import { DEFAULT_TERM, gradeLabelAr, isTerm, normalizeGrade, termLabelAr } from '@app/domain';
import { Badge } from './badge';

export function gradeText(grade: string): string {
  const known = normalizeGrade(grade);
  return known ? gradeLabelAr(known) : grade;
}

/** A missing term is a first-term course (spec: term defaults to First). */
export function termText(term: string | null | undefined): string {
  if (!term) return termLabelAr(DEFAULT_TERM);
  return isTerm(term) ? termLabelAr(term) : term;
}

export function GradeBadge({ grade }: { grade: string }) {
  return <Badge tone="brand">{gradeText(grade)}</Badge>;
}

export function TermBadge({ term }: { term: string | null | undefined }) {
  return <Badge tone="info">{termText(term)}</Badge>;
}
