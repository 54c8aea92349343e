// Forms validate with the contract's own schemas (packages/contract), so the browser and the server
// apply the same rules; only the words differ. The contract speaks English to API clients, so each
// issue is told again in Arabic from what it is (its code, limits and field), never from its text.
import { toNestErrors } from '@hookform/resolvers';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { HumanTextProblem } from '@app/domain';
import type { z } from 'zod';
import { adminMessages } from '../../../i18n/admin';

const v = adminMessages.validation;

type Issue = z.core.$ZodIssue;
type Kind = 'type' | 'small' | 'big' | 'value' | 'custom';
/** The Arabic label of each field, by its path without list indexes ('questions.answers.text'). */
export type FieldLabels = Record<string, string>;

const limit = (issue: Issue) =>
  Number('minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : 0);

const ANSWER_RULES: Partial<Record<Kind, (issue: Issue) => string>> = {
  small: (issue) => v.answersMin(limit(issue)),
  big: (issue) => v.answersMax(limit(issue)),
  custom: () => v.oneCorrect,
};

/** Messages that a generic template would get wrong: numbers, lists and cross-field rules. */
const SPECIAL: Record<string, Partial<Record<Kind, (issue: Issue) => string>>> = {
  price: {
    type: () => v.priceNumber,
    small: () => v.priceNegative,
    big: (issue) => v.priceMax(limit(issue)),
    custom: () => v.priceDecimals,
  },
  count: { type: () => v.countNumber, small: () => v.countMin, big: (issue) => v.countMax(limit(issue)) },
  questions: { small: () => v.questionsMin, big: (issue) => v.questionsMax(limit(issue)) },
  // A question's answers: how many, and exactly one correct (shown by its correct-answer radios), in
  // a quiz and in a bank question.
  'questions.correct': ANSWER_RULES,
  correct: ANSWER_RULES,
  // A code batch names its course (enrolment codes) or its unit (unit codes).
  courseId: { custom: () => v.batchCourse, type: () => v.batchCourse },
  unitId: { custom: () => v.batchUnit, type: () => v.batchUnit },
  whatsappNumber: { custom: () => v.whatsapp },
};

function kindOf(issue: Issue): Kind | null {
  switch (issue.code) {
    case 'invalid_type':
      return 'type';
    case 'too_small':
      return 'small';
    case 'too_big':
      return 'big';
    case 'invalid_value':
      return 'value';
    case 'custom':
    case 'invalid_format':
    case 'invalid_union':
      return 'custom';
    case 'invalid_element':
    case 'invalid_key':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return null;
  }
}

/** The field key of a path: its names without list indexes. */
export const fieldKey = (path: readonly PropertyKey[]) =>
  path.filter((part) => typeof part === 'string' && !/^\d+$/.test(part)).join('.');

export function issueText(issue: Issue, labels: FieldLabels): string {
  const key = fieldKey(issue.path);
  const label = labels[key] ?? key;
  const kind = kindOf(issue);
  const special = kind ? SPECIAL[key]?.[kind] : undefined;
  if (special) return special(issue);
  const textRule =
    issue.code === 'custom' ? (issue.params?.textRule as HumanTextProblem | undefined) : undefined;
  if (textRule) return v.text[textRule](label);
  switch (kind) {
    case 'small':
      return v.required(label);
    case 'big':
      return v.tooLong(label, limit(issue));
    case 'value':
      return v.choose(label);
    case 'type':
      return issue.code === 'invalid_type' && issue.expected === 'string'
        ? v.required(label)
        : v.choose(label);
    case 'custom':
      return /url|page|channel/i.test(key) ? v.url(label) : v.invalid(label);
    case null:
      return v.invalid(label);
  }
}

type Options<V> = {
  /** The contract's input built from the form's values (numbers parsed, empty selects as null …). */
  toInput: (values: V) => unknown;
  labels: FieldLabels;
  /**
   * Where on the form an issue is shown, when not at its own path (a rule about several fields); its
   * message is then the one of the field it is shown at.
   */
  fieldOf?: (issue: Issue, values: V) => string | undefined;
};

export function contractResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  { toInput, labels, fieldOf }: Options<V>,
): Resolver<V, unknown, z.output<S>> {
  return (values, _context, options) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const moved = fieldOf?.(issue, values);
      const shown = moved ? { ...issue, path: moved.split('.') } : issue;
      errors[shown.path.join('.')] ??= { type: issue.code, message: issueText(shown, labels) };
    }
    return { values: {}, errors: toNestErrors<V>(errors, options) };
  };
}
