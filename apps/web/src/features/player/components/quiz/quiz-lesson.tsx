// A quiz: readiness → one question at a time (no going back) → the last answer submits → the server's
// grade. A quiz already submitted opens on its stored result.
import type { QuizResult } from '@app/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { playerMessages } from '../../../../i18n/player';
import { ApiError } from '../../../../lib/api-client';
import type { QuizLessonContent } from '../../api/lesson-content';
import { useSubmitQuiz } from '../../api/submit-quiz';
import { QuizQuestion } from './quiz-question';
import { QuizReady } from './quiz-ready';
import { QuizResultView } from './quiz-result';

const t = playerMessages.quiz;

export function submitErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return t.unauthorized;
    if (!error.isNetwork && error.message && !/^HTTP \d+$/.test(error.message)) return error.message;
  }
  return t.submitFailed;
}

type Props = {
  content: QuizLessonContent;
  progressKey: QueryKey;
  hasNext: boolean;
  onSubmitted: (lessonId: number) => void;
  onFinish: () => void;
  onCurriculum: () => void;
};

export function QuizLesson({ content, progressKey, hasNext, onSubmitted, onFinish, onCurriculum }: Props) {
  const [stage, setStage] = useState<'ready' | 'questions'>('ready');
  const [result, setResult] = useState<QuizResult | null>(content.result);
  // Opened unsubmitted: a result shown later was graded here, just now.
  const [gradedHere] = useState(content.result === null);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<ReadonlyMap<number, number>>(() => new Map());
  const submit = useSubmitQuiz(progressKey);
  const { questions } = content;
  const finishLabel = hasNext ? t.nextLesson : t.backToCurriculum;

  if (result) {
    return (
      <QuizResultView
        lessonName={content.lessonName}
        result={result}
        questions={questions}
        finishLabel={finishLabel}
        onFinish={onFinish}
        focusOnShow={gradedHere}
      />
    );
  }

  if (questions.length === 0) {
    return (
      <div className="text-center">
        <h1 id="lesson-title" className="text-xl font-extrabold text-slate-900">
          {content.lessonName}
        </h1>
        <p className="mt-4 text-slate-700">{t.empty}</p>
      </div>
    );
  }

  if (stage === 'ready') {
    return (
      <QuizReady
        lessonName={content.lessonName}
        titel={content.titel}
        questionCount={questions.length}
        onReady={() => setStage('questions')}
        onCurriculum={onCurriculum}
      />
    );
  }

  const question = questions[index]!;
  const selected = answers.get(question.id);
  const isLast = index === questions.length - 1;

  const send = () =>
    submit.mutate(
      {
        lessonId: content.id,
        answers: questions.map((q) => ({ questionId: q.id, answerId: answers.get(q.id)! })),
      },
      {
        onSuccess: (graded) => {
          setResult(graded);
          onSubmitted(content.id);
        },
      },
    );

  const proceed = () => {
    if (selected === undefined || submit.isPending) return;
    if (isLast) send();
    else setIndex(index + 1);
  };

  return (
    <div>
      <h1 id="lesson-title" className="sr-only">
        {content.lessonName}
      </h1>
      <QuizQuestion
        question={question}
        index={index}
        total={questions.length}
        selected={selected}
        onSelect={(answerId) => setAnswers((previous) => new Map(previous).set(question.id, answerId))}
      />
      {submit.isError ? (
        <div className="mt-4">
          <Alert tone="error">
            <p>{submitErrorText(submit.error)}</p>
            <Button variant="danger" className="mt-3" onClick={send}>
              {t.retry}
            </Button>
          </Alert>
        </div>
      ) : null}
      <div className="mt-6 flex justify-end">
        <Button onClick={proceed} disabled={selected === undefined || submit.isPending} className="min-w-32">
          {isLast ? (submit.isPending ? t.submitting : t.finish) : t.next}
        </Button>
      </div>
    </div>
  );
}
