// An exam (a quiz with settings, decision 0013): the readiness screen with its settings, then an
// attempt the server holds (started by the button, continued after a reload) under a countdown read
// from the server's clock, then the result with whether it passed and another attempt where one is
// left. At zero the content is read again until the server has closed the attempt.
import { DEFAULT_TIME_ZONE } from '@app/domain';
import type { ExamResult, QuizExam } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { playerMessages } from '../../../../i18n/player';
import { lessonKey, type QuizLessonContent } from '../../api/lesson-content';
import { useStartAttempt } from '../../api/start-attempt';
import { useExamCountdown, useRepeatWhile } from '../../hooks/use-exam-countdown';
import type { SaveReply } from '../../lib/exam-answer-saver';
import { startErrorText } from '../../lib/exam-errors';
import { examMessages as t } from '../../lib/exam-messages';
import { clockOffsetMs } from '../../lib/exam-time';
import { ExamAttemptView } from './exam-attempt';
import { ExamCountdown } from './exam-countdown';
import { ExamReady } from './exam-ready';
import { ExamResultExtras } from './exam-result-extras';
import type { QuizLessonProps } from './quiz-lesson';
import { QuizResultView } from './quiz-result';

type Graded = { result: ExamResult; questions: QuizLessonContent['questions'] };
/** The clock and deadline a save answered, with the phone's time it arrived. */
type SaveClock = { offsetMs: number; deadlineAt: string | null; receivedAt: number };

export function ExamLesson(props: QuizLessonProps & { exam: QuizExam }) {
  const { content, exam, progressKey, onSubmitted } = props;
  const queryClient = useQueryClient();
  // The course's (or unit's) tree, read before any lesson, names the school's time zone.
  const timeZone =
    queryClient.getQueryData<{ timeZone?: string }>(progressKey)?.timeZone ?? DEFAULT_TIME_ZONE;
  const [stage, setStage] = useState<'ready' | 'questions'>('ready');
  const [graded, setGraded] = useState<Graded | null>(null);
  const [saveClock, setSaveClock] = useState<SaveClock | null>(null);
  const start = useStartAttempt(content.id);
  const attempt = exam.attempt;

  // The newest `serverNow` received (the content's or a save's) sets the offset to the phone's clock.
  const fresher = saveClock !== null && saveClock.receivedAt > content.receivedAt ? saveClock : null;
  const offsetMs = fresher?.offsetMs ?? clockOffsetMs(exam.serverNow, content.receivedAt);
  const deadlineAt = attempt ? (fresher ? fresher.deadlineAt : attempt.deadlineAt) : null;
  const left = useExamCountdown(deadlineAt, offsetMs);
  const timeUp = left !== null && left <= 0;

  const refetchContent = () => void queryClient.invalidateQueries({ queryKey: lessonKey(content.id) });
  const refetchProgress = () => void queryClient.invalidateQueries({ queryKey: progressKey });
  useRepeatWhile(timeUp && graded === null, refetchContent);

  // The server closed the attempt (at its deadline, or on another device): the locks may change.
  const isOpen = attempt !== null;
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (wasOpen.current && !isOpen && graded === null)
      void queryClient.invalidateQueries({ queryKey: progressKey });
    wasOpen.current = isOpen;
  }, [isOpen, graded, progressKey, queryClient]);

  const begin = () => {
    if (attempt) {
      setStage('questions');
      return;
    }
    start.mutate(undefined, {
      onSuccess: () => {
        setGraded(null);
        setStage('questions');
      },
    });
  };

  const onGraded = (result: ExamResult, questions: Graded['questions'], by: 'submit' | 'deadline') => {
    setGraded({ result, questions });
    setStage('ready');
    // A result below the pass mark keeps the lessons after it locked.
    if (result.passed !== false) onSubmitted(content.id);
    // A submission refreshes these itself; a save refused at the deadline does not.
    if (by === 'deadline') {
      refetchContent();
      refetchProgress();
    }
  };

  const onSaved = (reply: SaveReply, receivedAt: number) =>
    setSaveClock({
      offsetMs: clockOffsetMs(reply.serverNow, receivedAt),
      deadlineAt: reply.deadlineAt,
      receivedAt,
    });

  const startError = start.isError ? startErrorText(start.error) : null;
  // Below the pass mark the unit's next lesson stays locked: finishing returns to the curriculum
  // instead of moving to a lesson that would refuse to open.
  const keepsNextLocked = (result: ExamResult) =>
    props.hasLaterInUnit && exam.passMark !== null && result.passed === false;
  const resultView = (result: ExamResult, questions: Graded['questions'], focusOnShow: boolean) => (
    <QuizResultView
      lessonName={content.lessonName}
      result={result}
      questions={questions}
      finishLabel={
        props.hasNext && !keepsNextLocked(result)
          ? playerMessages.quiz.nextLesson
          : playerMessages.quiz.backToCurriculum
      }
      onFinish={keepsNextLocked(result) ? props.onCurriculum : props.onFinish}
      focusOnShow={focusOnShow}
      extras={
        <>
          <ExamResultExtras
            result={result}
            exam={exam}
            timeZone={timeZone}
            locksLater={props.hasLaterInUnit}
          />
          {startError ? (
            <div className="mx-auto mt-4 max-w-md">
              <Alert tone="error">
                <p>{startError}</p>
              </Alert>
            </div>
          ) : null}
        </>
      }
      actions={
        exam.canStart && attempt === null ? (
          <Button variant="secondary" onClick={begin} disabled={start.isPending}>
            {start.isPending ? t.starting : t.newAttempt}
          </Button>
        ) : null
      }
    />
  );

  let body;
  if (graded) body = resultView(graded.result, graded.questions, true);
  else if (stage === 'questions' && attempt)
    body = (
      <ExamAttemptView
        key={attempt.number}
        lessonId={content.id}
        lessonName={content.lessonName}
        questions={content.questions}
        saved={attempt.answers}
        timeUp={timeUp}
        progressKey={progressKey}
        onGraded={onGraded}
        onClosed={() => {
          refetchContent();
          refetchProgress();
        }}
        onSaved={onSaved}
      />
    );
  else if (!attempt && content.result)
    body = resultView(content.result, content.questions, stage === 'questions');
  else
    body = (
      <ExamReady
        lessonName={content.lessonName}
        titel={content.titel}
        exam={exam}
        offsetMs={offsetMs}
        timeZone={timeZone}
        starting={start.isPending}
        startError={startError}
        onStart={begin}
        onCurriculum={props.onCurriculum}
        onOpened={refetchContent}
      />
    );

  const countdown =
    attempt !== null && graded === null && left !== null ? <ExamCountdown msLeft={left} /> : null;
  return (
    <div className={countdown ? 'pb-20' : undefined}>
      {body}
      {countdown}
    </div>
  );
}
