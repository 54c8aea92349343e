// An open exam attempt: one question at a time with no going back, from the first question the saved
// answers do not cover (a reload continues where it stopped); each choice is saved at once, and a save
// that keeps failing says so; the last question submits every answer. At the deadline it says that
// what was saved is being submitted (by the server, even if this phone has lost its connection).
import type { ExamAttempt, ExamResult } from '@app/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import type { QuizLessonContent } from '../../api/lesson-content';
import { useAnswerSaver } from '../../api/save-answers';
import { useSubmitQuiz } from '../../api/submit-quiz';
import type { SaveReply } from '../../lib/exam-answer-saver';
import { examMessages as t } from '../../lib/exam-messages';
import { resumeIndex } from '../../lib/exam-resume';
import { QuizStep, submitErrorText } from './quiz-step';

type Questions = QuizLessonContent['questions'];

/** A 409 without a result: no attempt is open any more (closed by the server or on another device). */
const closedBy409 = (error: unknown) => error instanceof ApiError && error.status === 409;

type Props = {
  lessonId: number;
  lessonName: string;
  questions: Questions;
  saved: ExamAttempt['answers'];
  /** The deadline has passed on the server's clock: nothing more can be chosen or sent. */
  timeUp: boolean;
  progressKey: QueryKey;
  onGraded: (result: ExamResult, questions: Questions, by: 'submit' | 'deadline') => void;
  /** The attempt is no longer open: the content is read again. */
  onClosed: () => void;
  onSaved: (reply: SaveReply, receivedAt: number) => void;
};

export function ExamAttemptView(props: Props) {
  const { questions, timeUp } = props;
  const [initial] = useState(() => new Map(props.saved.map((a) => [a.questionId, a.answerId])));
  const [answers, setAnswers] = useState<ReadonlyMap<number, number>>(initial);
  const [index, setIndex] = useState(() => resumeIndex(questions, initial));
  const saver = useAnswerSaver(props.lessonId, {
    onSaved: props.onSaved,
    onTimeOver: (result) => (result ? props.onGraded(result, questions, 'deadline') : props.onClosed()),
    onClosed: props.onClosed,
  });
  const submit = useSubmitQuiz(props.progressKey);
  const question = questions[index];
  if (!question) return null;
  const selected = answers.get(question.id);

  const choose = (answerId: number) => {
    if (timeUp) return;
    setAnswers((previous) => new Map(previous).set(question.id, answerId));
    saver.save(question.id, answerId);
  };

  const send = () =>
    submit.mutate(
      {
        lessonId: props.lessonId,
        answers: questions.map((q) => ({ questionId: q.id, answerId: answers.get(q.id)! })),
      },
      {
        onSuccess: (result) => {
          saver.stop();
          props.onGraded(result, questions, 'submit');
        },
        onError: (error) => {
          if (closedBy409(error)) props.onClosed();
        },
      },
    );

  const proceed = () => {
    if (selected === undefined || submit.isPending || timeUp) return;
    if (index === questions.length - 1) send();
    else setIndex(index + 1);
  };

  return (
    <QuizStep
      lessonName={props.lessonName}
      question={question}
      index={index}
      total={questions.length}
      selected={selected}
      onSelect={choose}
      submitting={submit.isPending}
      errorText={submit.isError && !closedBy409(submit.error) ? submitErrorText(submit.error) : null}
      onRetry={send}
      onProceed={proceed}
      disabled={timeUp}
      notice={
        timeUp ? (
          <p role="status" className="mt-4 text-sm font-semibold text-slate-800">
            {t.timeUpSubmitting}
          </p>
        ) : saver.failing ? (
          <p role="status" className="mt-4 text-sm font-semibold text-amber-800">
            {t.notSaved}
          </p>
        ) : null
      }
    />
  );
}
