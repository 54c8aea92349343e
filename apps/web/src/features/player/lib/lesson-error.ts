// What the student reads when a lesson cannot be opened: the server's 403 reasons in Arabic.
import { ApiError } from '../../../lib/api-client';
import { playerMessages } from '../../../i18n/player';

const t = playerMessages.lessonErrors;

const REASONS: Record<string, string> = {
  'You must complete the previous quiz first': t.previousQuiz,
  'The access period for this unit has ended': t.unitEnded,
  'This unit is not open yet': t.unitNotOpen,
  'You are not enrolled in this course': t.notEnrolled,
};

export type LessonErrorView = { message: string; retryable: boolean };

export function lessonErrorView(error: unknown): LessonErrorView {
  if (error instanceof ApiError) {
    if (error.status === 403) return { message: REASONS[error.message] ?? t.forbidden, retryable: false };
    if (error.status === 404) return { message: t.notFound, retryable: false };
  }
  return { message: t.failed, retryable: true };
}
