// Why an exam cannot start, in Arabic: from the server's 403 (the contract's ExamRefusal) or 409 (its
// ExamStartConflict: the question bank cannot serve the draw) after a tap on start, or, on the readiness screen, from the settings the server sent with `canStart` false.
import { ExamRefusal, ExamStartConflict, type QuizExam } from '@app/contract';
import { ApiError } from '../../../lib/api-client';
import { examMessages as t } from './exam-messages';

export type StartBlock = ExamRefusal['reason'] | 'other';

const REASONS: Record<StartBlock, string> = {
  'exam-not-open': t.notOpen,
  'exam-closed': t.closed,
  'no-attempts-left': t.noAttemptsLeft,
  other: t.cannotStart,
};

const BANK_CONFLICTS: Record<ExamStartConflict['reason'], string> = {
  'bank-too-small': t.bankTooSmall,
  'bank-changing': t.bankChanging,
};

/** The text of a refused or failed start. */
export function startErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) {
    const refusal = ExamRefusal.safeParse(error.body?.data);
    return REASONS[refusal.success ? refusal.data.reason : 'other'];
  }
  if (error instanceof ApiError && error.status === 409) {
    const conflict = ExamStartConflict.safeParse(error.body?.data);
    if (conflict.success) return BANK_CONFLICTS[conflict.data.reason];
  }
  return t.startFailed;
}

/**
 * Why the server said `canStart: false` (null when it may start or an attempt is open), read from the
 * settings at the server's `now`: the server decides, this only names its reason.
 */
export function startBlock(exam: QuizExam, serverNow: number): StartBlock | null {
  if (exam.canStart || exam.attempt) return null;
  if (exam.opensAt && Date.parse(exam.opensAt) > serverNow) return 'exam-not-open';
  if (exam.closesAt && Date.parse(exam.closesAt) <= serverNow) return 'exam-closed';
  if (exam.attemptsUsed >= exam.attemptsAllowed) return 'no-attempts-left';
  return 'other';
}

export const startBlockText = (block: StartBlock) => REASONS[block];
