// The graded quiz: percent, correct answers out of the total, a bar, the optional review and a finish
// button that moves on (to the next lesson, or back to the curriculum).
import type { ExamResult } from '@app/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { playerMessages } from '../../../../i18n/player';
import type { QuizLessonContent } from '../../api/lesson-content';
import { QuizReview } from './quiz-review';

const t = playerMessages.quiz;

type Props = {
  lessonName: string;
  /** A plain quiz's result, or an exam's with whether it passed (ExamResult). */
  result: ExamResult;
  questions: QuizLessonContent['questions'];
  finishLabel: string;
  onFinish: () => void;
  /** Just graded: the focus moves to the result, as the finish button pressed has left the page. */
  focusOnShow?: boolean;
  /** An exam's lines under the score (passed or not, submitted by the server, attempts left). */
  extras?: ReactNode;
  /** An exam's extra buttons beside the finish button (another attempt). */
  actions?: ReactNode;
};

export function QuizResultView(props: Props) {
  const {
    lessonName,
    result,
    questions,
    finishLabel,
    onFinish,
    focusOnShow = false,
    extras,
    actions,
  } = props;
  const [reviewing, setReviewing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  const score = Math.min(100, Math.max(0, result.score));
  return (
    <div className="text-center">
      <p className="text-sm font-semibold text-slate-600">{lessonName}</p>
      <h1
        id="lesson-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 text-xl font-extrabold text-slate-900 focus:outline-none"
      >
        {t.resultTitle}
      </h1>
      <p
        className="mt-4 text-5xl font-extrabold text-brand-700"
        aria-label={`${t.scoreLabel}: ${t.score(score)}`}
      >
        {t.score(score)}
      </p>
      <p className="mt-2 font-semibold text-slate-800">{t.correctCount(result.correctCount, result.total)}</p>
      <div
        role="progressbar"
        aria-label={t.scoreLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={t.score(score)}
        className="mx-auto mt-4 h-3 max-w-md overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${score >= 50 ? 'bg-green-600' : 'bg-orange-500'}`}
          style={{ width: `${score}%` }}
        />
      </div>
      {extras}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onFinish}>{finishLabel}</Button>
        {actions}
        {result.review.length > 0 ? (
          <Button
            variant="secondary"
            aria-expanded={reviewing}
            onClick={() => setReviewing((value) => !value)}
          >
            {reviewing ? t.hideReview : t.showReview}
          </Button>
        ) : null}
      </div>
      {reviewing ? <QuizReview questions={questions} review={result.review} /> : null}
    </div>
  );
}
