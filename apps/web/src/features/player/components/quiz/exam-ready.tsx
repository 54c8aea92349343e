// An exam's readiness screen: the quiz's name and subtitle, its settings (time limit, questions, pass
// mark, attempts and which counts, opening and closing time), and the button that starts an attempt,
// or continues the open one, or stays disabled with the reason (not open yet, with the wait counting
// down; closed; no attempts left).
import type { QuizExam } from '@app/contract';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { playerMessages } from '../../../../i18n/player';
import { useExamCountdown, useRepeatWhile } from '../../hooks/use-exam-countdown';
import { startBlock, startBlockText } from '../../lib/exam-errors';
import { examMessages as t } from '../../lib/exam-messages';
import { formatExamDate, formatWait } from '../../lib/exam-time';
import { quizSubtitle } from './quiz-ready';

type Props = {
  lessonName: string;
  titel: string | null;
  exam: QuizExam;
  offsetMs: number;
  timeZone: string;
  starting: boolean;
  /** A refused or failed start, in Arabic; null while there is none. */
  startError: string | null;
  onStart: () => void;
  onCurriculum: () => void;
  /** The opening time has come: read the content again (its `canStart`). */
  onOpened: () => void;
};

export function ExamReady(props: Props) {
  const { exam, timeZone } = props;
  const subtitle = quizSubtitle(props.titel);
  // The server decided `canStart` at `serverNow`; its reason is read at that same instant.
  const block = startBlock(exam, Date.parse(exam.serverNow));
  const wait = useExamCountdown(block === 'exam-not-open' ? exam.opensAt : null, props.offsetMs);
  useRepeatWhile(wait !== null && wait <= 0, props.onOpened);
  const details = [
    t.timeLimit(exam.timeLimitMinutes),
    t.questionCount(exam.questionCount),
    exam.passMark === null ? null : t.passMark(exam.passMark),
    t.attempts(exam.attemptsUsed, exam.attemptsAllowed),
    exam.attemptsAllowed > 1 ? (exam.counts === 'best' ? t.countsBest : t.countsLast) : null,
    exam.opensAt ? t.opensAt(formatExamDate(exam.opensAt, timeZone)) : null,
    exam.closesAt ? t.closesAt(formatExamDate(exam.closesAt, timeZone)) : null,
  ].filter((line): line is string => line !== null);

  return (
    <div className="text-center">
      <p className="text-sm font-semibold text-brand-700">{playerMessages.quiz.readyTitle}</p>
      <h1 id="lesson-title" className="mt-2 text-xl font-extrabold text-slate-900 md:text-2xl">
        {props.lessonName}
      </h1>
      {subtitle ? <p className="mt-2 text-slate-700">{subtitle}</p> : null}
      <ul
        aria-label={t.details}
        className="mx-auto mt-5 max-w-md space-y-1.5 rounded-2xl bg-slate-50 px-4 py-3 text-start text-sm text-slate-800"
      >
        {details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600">{t.noGoingBack}</p>
      {block ? (
        <div className="mx-auto mt-4 max-w-md" data-testid="exam-block">
          <Alert tone="warning">
            {block === 'exam-not-open' && exam.opensAt ? (
              <>
                <p>{t.notOpenYet(formatExamDate(exam.opensAt, timeZone))}</p>
                {wait !== null && wait > 0 ? (
                  <p className="mt-1 font-bold" role="timer" aria-live="off">
                    {t.startsIn(formatWait(wait))}
                  </p>
                ) : null}
              </>
            ) : (
              <p>{startBlockText(block)}</p>
            )}
          </Alert>
        </div>
      ) : null}
      {props.startError ? (
        <div className="mx-auto mt-4 max-w-md">
          <Alert tone="error">
            <p>{props.startError}</p>
          </Alert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={props.onStart} disabled={block !== null || props.starting} className="min-w-32">
          {exam.attempt ? t.continue : props.starting ? t.starting : t.start}
        </Button>
        <Button variant="secondary" onClick={props.onCurriculum} className="min-w-32">
          {playerMessages.quiz.curriculum}
        </Button>
      </div>
    </div>
  );
}
