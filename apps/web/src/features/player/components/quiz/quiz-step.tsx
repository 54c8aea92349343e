// One step of a quiz or an exam: the question, a failed submission in a red box with retry, and the
// button that moves on (next, or finish on the last question).
import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { playerMessages } from '../../../../i18n/player';
import { ApiError } from '../../../../lib/api-client';
import type { QuizLessonContent } from '../../api/lesson-content';
import { QuizQuestion } from './quiz-question';

const t = playerMessages.quiz;

/** A failed submission: 401 is not authorised; else the server's message, else the generic text. */
export function submitErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return t.unauthorized;
    if (!error.isNetwork && error.message && !/^HTTP \d+$/.test(error.message)) return error.message;
  }
  return t.submitFailed;
}

type Props = {
  lessonName: string;
  question: QuizLessonContent['questions'][number];
  index: number;
  total: number;
  selected: number | undefined;
  onSelect: (answerId: number) => void;
  submitting: boolean;
  /** A failed submission's text; null while there is none. */
  errorText: string | null;
  onRetry: () => void;
  onProceed: () => void;
  /** No more answers (an exam whose time is over). */
  disabled?: boolean;
  /** A line above the button (an exam's save that keeps failing). */
  notice?: ReactNode;
};

export function QuizStep(props: Props) {
  const { question, index, total, selected, submitting, disabled = false } = props;
  const isLast = index === total - 1;
  return (
    <div>
      <h1 id="lesson-title" className="sr-only">
        {props.lessonName}
      </h1>
      <QuizQuestion
        question={question}
        index={index}
        total={total}
        selected={selected}
        onSelect={props.onSelect}
        disabled={disabled}
      />
      {props.errorText !== null ? (
        <div className="mt-4">
          <Alert tone="error">
            <p>{props.errorText}</p>
            <Button variant="danger" className="mt-3" onClick={props.onRetry} disabled={disabled}>
              {t.retry}
            </Button>
          </Alert>
        </div>
      ) : null}
      {props.notice}
      <div className="mt-6 flex justify-end">
        <Button
          onClick={props.onProceed}
          disabled={selected === undefined || submitting || disabled}
          className="min-w-32"
        >
          {isLast ? (submitting ? t.submitting : t.finish) : t.next}
        </Button>
      </div>
    </div>
  );
}
