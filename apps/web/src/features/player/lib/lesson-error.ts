// What the student reads when a lesson cannot be opened: the reason of the server's 403 (the
// contract's LessonRefusal, never its English message) in Arabic.
import { LessonRefusal } from '@app/contract';
import { ApiError } from '../../../lib/api-client';
import { playerMessages } from '../../../i18n/player';

const t = playerMessages.lessonErrors;

const REASONS: Record<LessonRefusal['reason'], string> = {
  'previous-quiz': t.previousQuiz,
  'unit-ended': t.unitEnded,
  'unit-not-yet-open': t.unitNotOpen,
  'not-enrolled': t.notEnrolled,
};

export type LessonErrorView = { message: string; retryable: boolean };

export function lessonErrorView(error: unknown): LessonErrorView {
  if (error instanceof ApiError) {
    if (error.status === 403) {
      const refusal = LessonRefusal.safeParse(error.body?.data);
      return { message: refusal.success ? REASONS[refusal.data.reason] : t.forbidden, retryable: false };
    }
    if (error.status === 404) return { message: t.notFound, retryable: false };
  }
  return { message: t.failed, retryable: true };
}
