// A quiz: readiness → one question at a time (no going back) → the last answer submits → the server's
// grade. A quiz already submitted opens on its stored result.
import type { ExamResult } from '@app/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { playerMessages } from '../../../../i18n/player';
import type { QuizLessonContent } from '../../api/lesson-content';
import { useSubmitQuiz } from '../../api/submit-quiz';
import { ExamLesson } from './exam-lesson';
import { QuizReady } from './quiz-ready';
import { QuizResultView } from './quiz-result';
import { QuizStep, submitErrorText } from './quiz-step';

const t = playerMessages.quiz;

export { submitErrorText } from './quiz-step';

export type QuizLessonProps = {
  content: QuizLessonContent;
  progressKey: QueryKey;
  hasNext: boolean;
  /** Lessons follow this quiz in its unit: what a result below an exam's pass mark keeps locked. */
  hasLaterInUnit: boolean;
  onSubmitted: (lessonId: number) => void;
  onFinish: () => void;
  onCurriculum: () => void;
};

/** A quiz with settings (`exam` in its content) is an exam, with its attempts and clock. */
export function QuizLesson(props: QuizLessonProps) {
  return props.content.exam ? <ExamLesson {...props} exam={props.content.exam} /> : <PlainQuiz {...props} />;
}

function PlainQuiz({ content, progressKey, hasNext, onSubmitted, onFinish, onCurriculum }: QuizLessonProps) {
  const [stage, setStage] = useState<'ready' | 'questions'>('ready');
  const [result, setResult] = useState<ExamResult | null>(content.result);
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
    <QuizStep
      lessonName={content.lessonName}
      question={question}
      index={index}
      total={questions.length}
      selected={selected}
      onSelect={(answerId) => setAnswers((previous) => new Map(previous).set(question.id, answerId))}
      submitting={submit.isPending}
      errorText={submit.isError ? submitErrorText(submit.error) : null}
      onRetry={send}
      onProceed={proceed}
    />
  );
}
