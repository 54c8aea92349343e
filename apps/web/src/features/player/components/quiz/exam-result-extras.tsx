// An exam's lines under its score: passed or not (a result below the pass mark keeps the unit's later
// lessons locked: said only when the unit has any, with whom to ask when no retake is possible),
// submitted by the server at the deadline, the latest attempt when it is not the one that counts (best
// counts: a retake that scored lower, or ran out of time), the attempts left (while another may
// start), and why the review is not shown (later, or never).
import type { ExamResult, QuizExam } from '@app/contract';
import { examMessages as t } from '../../lib/exam-messages';
import { formatExamDate } from '../../lib/exam-time';

/** `locksLater`: lessons follow this one in its unit (a result below the pass mark keeps them locked). */
type Props = { result: ExamResult; exam: QuizExam; timeZone: string; locksLater: boolean };

export function ExamResultExtras({ result, exam, timeZone, locksLater }: Props) {
  const attemptsLeft = exam.attemptsAllowed - exam.attemptsUsed;
  // The server's canStart already holds the attempts left, the window and any attempt under way.
  const canRetake = exam.canStart;
  const reviewNote =
    result.review.length > 0
      ? null
      : exam.review === 'never'
        ? t.reviewNever
        : exam.reviewAt
          ? t.reviewAt(formatExamDate(exam.reviewAt, timeZone))
          : null;
  return (
    <div className="mt-4 space-y-2">
      {exam.passMark !== null && result.passed !== undefined ? (
        result.passed ? (
          <p className="font-bold text-green-700" data-testid="exam-passed">
            {t.passed}
          </p>
        ) : (
          <div data-testid="exam-passed">
            <p className="font-bold text-red-700">{t.notPassed(exam.passMark)}</p>
            {locksLater ? (
              <p className="text-sm text-slate-700">{canRetake ? t.lockedUntilPass : t.lockedNoRetake}</p>
            ) : null}
          </div>
        )
      ) : null}
      {result.submittedBy === 'server' ? <p className="text-sm text-slate-700">{t.autoSubmitted}</p> : null}
      {exam.latest ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="exam-latest">
          {t.latest(exam.latest)}
          {exam.latest.submittedBy === 'server' ? ` — ${t.autoSubmitted}` : ''}. {t.latestNotCounted}
        </p>
      ) : null}
      {canRetake && exam.attemptsAllowed > 1 ? (
        <p className="text-sm text-slate-700">
          {t.attemptsLeft(attemptsLeft)} — {exam.counts === 'best' ? t.countsBest : t.countsLast}
        </p>
      ) : null}
      {reviewNote ? <p className="text-sm text-slate-600">{reviewNote}</p> : null}
    </div>
  );
}
