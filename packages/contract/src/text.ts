// The text rules of packages/domain (text-rules.ts) as the contract applies them: once in front of
// every request part the server validates (withRequestText), and on every name and title a person
// types (humanText), each with a message naming the field.
import { z } from 'zod';
import {
  humanTextProblem,
  MAX_COMBINING_MARKS,
  requestTextProblem,
  type HumanTextProblem,
  type RequestTextProblem,
} from '@app/domain';

export const TEXT_MESSAGES = {
  control: (field: string) => `${field} must not contain control characters`,
  malformed: (field: string) => `${field} must be valid text`,
  invisible: (field: string) => `${field} must not contain invisible formatting characters`,
  marks: (field: string) => `${field} may have at most ${MAX_COMBINING_MARKS} accent marks on one letter`,
} satisfies Record<RequestTextProblem | HumanTextProblem, (field: string) => string>;

export type TextRuleProblem = keyof typeof TEXT_MESSAGES;
/** Every problem of the two text rules (complete: TEXT_MESSAGES must say each). */
export const TextRuleProblem = z.enum(Object.keys(TEXT_MESSAGES) as [TextRuleProblem, ...TextRuleProblem[]]);

/** `params.textRule` names the problem, as the name-and-title rule's issues do (humanText, below). */
export type TextIssue = { path: PropertyKey[]; message: string; params: { textRule: RequestTextProblem } };

/**
 * Every string in a request value (a body, a query, route params; any depth) that breaks the
 * request text rule, with its path. Uploaded files (buffers) are not text and are not looked into.
 */
export function requestTextIssues(value: unknown, path: PropertyKey[] = []): TextIssue[] {
  if (typeof value === 'string') {
    const problem = requestTextProblem(value);
    return problem
      ? [{ path, message: TEXT_MESSAGES[problem](path.join('.') || 'Text'), params: { textRule: problem } }]
      : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => requestTextIssues(item, [...path, index]));
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    return Object.entries(value).flatMap(([key, item]) => requestTextIssues(item, [...path, key]));
  }
  return [];
}

/**
 * `schema` behind the request text rule: a string with a control character anywhere in the value
 * is refused, naming its field, before the schema looks at it. The server validates every body,
 * query and params with this, so no route can forget it.
 */
export function withRequestText<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const issue of requestTextIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
    })
    .pipe(schema);
}

/**
 * The name-and-title rule as a refinement: `.superRefine(humanText('Course name'))`. Its issues carry
 * `params.textRule` (the problem), so a form can say it in its own language.
 */
export const humanText =
  (field: string, options: { multiline?: boolean } = {}) =>
  (value: string, ctx: z.RefinementCtx<string>) => {
    const problem = humanTextProblem(value, options);
    if (problem)
      ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES[problem](field), params: { textRule: problem } });
  };
