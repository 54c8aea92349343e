// Who grades a quiz for this call (API.md, Existing clients): the server, unless the tenant lets
// existing clients grade quizzes and the call does not come from our own web app (which sends
// OWN_CLIENT_HEADER on every call). Decided from the tenant row the request already holds: no query.
import { ClientGradedQuizSubmit, OWN_CLIENT, OWN_CLIENT_HEADER, QuizSubmitRequest } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tenant } from '../../db/schema';
import { badRequest } from '../../lib/app-error';

export type QuizGrader = 'server' | 'client';

const HEADER = OWN_CLIENT_HEADER.toLowerCase();

export function quizGraderFor(tenant: Tenant, request: FastifyRequest): QuizGrader {
  return tenant.client_graded_quizzes === 1 && request.headers[HEADER] !== OWN_CLIENT ? 'client' : 'server';
}

/**
 * A submission without answers: the client's own score where this call may send one, checked; where
 * it may not, the same 400 as any submission without answers.
 */
export function clientGradedSubmission(grader: QuizGrader, body: unknown): ClientGradedQuizSubmit {
  const parsed =
    grader === 'client' ? ClientGradedQuizSubmit.safeParse(body) : QuizSubmitRequest.safeParse(body);
  if (parsed.success && grader === 'client') return parsed.data as ClientGradedQuizSubmit;
  throw invalid(parsed.error);
}

function invalid(error: z.ZodError | undefined): Error {
  const issue = error?.issues[0];
  const field = String(issue?.path[0] ?? 'answers');
  const message = issue?.message ?? 'Invalid input';
  return badRequest(message, { [field]: message });
}
