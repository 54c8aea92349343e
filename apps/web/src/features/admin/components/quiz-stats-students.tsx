// The students a teacher may want to call about one quiz, each list with its count in its heading and
// their phone numbers: the enrolled who have not started it, and (with a pass mark) those below it who
// may start no attempt, whose unit stays locked until the teacher lets them retake (one student, here)
// or allows more attempts to all; a retake given by mistake is undone from the notice that reports it,
// or later from the list of retakes not started yet, as long as the student has not started it. A
// list scrolls inside itself (focusable, so a keyboard scrolls it too).
import type { QuizStatistics } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { adminMessages } from '../../../i18n/admin';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { retakeRefusal, useGrantRetake, useWithdrawRetake } from '../api/quiz-statistics';
import { adminErrorText } from '../lib/error-text';
import { Ltr } from './admin-table';

const t = adminExamMessages.statistics;

type Student = QuizStatistics['notAttempted'][number] & { score?: number };
type LockedOut = QuizStatistics['lockedOut'][number];
/** The last action's outcome, and the student whose retake it gave (so it can be undone). */
type Notice = { text: string; granted?: Student };

function StudentList(props: {
  id: string;
  title: string;
  hint?: string;
  empty: string;
  students: Student[];
  /** What the teacher can do for one student, beside their phone. */
  action?: (student: Student) => ReactNode;
  /** The last action's outcome, read out (a list without it has no live region). */
  notice?: string | null;
  /** What the teacher can do about that outcome, beside it. */
  noticeAction?: ReactNode;
}) {
  const { id, students } = props;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-extrabold text-slate-900">
        {props.title}
      </h2>
      {props.hint && students.length > 0 ? <p className="text-sm text-slate-700">{props.hint}</p> : null}
      {props.notice !== undefined ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-semibold text-slate-900 empty:hidden">
            {props.notice}
          </p>
          {props.noticeAction}
        </div>
      ) : null}
      {students.length === 0 ? (
        <p className="text-slate-700">{props.empty}</p>
      ) : (
        <ul
          aria-labelledby={id}
          tabIndex={0}
          className="max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-2xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {students.map((student) => (
            <li key={student.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span className="font-semibold text-slate-900" dir="auto">
                {student.name}
                {student.score === undefined ? null : (
                  <span className="ms-2 font-normal text-slate-700">
                    {adminMessages.common.percent(student.score)}
                  </span>
                )}
              </span>
              <div className="flex flex-wrap items-center gap-3">
                {student.phoneNumber ? (
                  <a
                    href={`tel:${student.phoneNumber}`}
                    aria-label={`${t.phone(student.name)} ${student.phoneNumber}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
                  >
                    <Ltr>{student.phoneNumber}</Ltr>
                  </a>
                ) : null}
                {props.action?.(student)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One student's action: a compact secondary button named for that student, off while it runs. */
function StudentButton(props: { label: string; pending: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      variant="secondary"
      className="min-h-11 px-3 py-1"
      aria-label={props.label}
      disabled={props.pending}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

/** A locked-out student's way back: a retake for those with no attempt left; a closed exam needs the settings. */
function RetakeAction(props: { lessonId: number; student: LockedOut; onDone: (notice: Notice) => void }) {
  const { student, onDone } = props;
  const mutation = useGrantRetake(props.lessonId);
  if (student.reason === 'exam-closed') return <span className="text-sm text-slate-700">{t.examClosed}</span>;
  const refusalText = (error: Error) => {
    const reason = retakeRefusal(error);
    if (reason === 'exam-closed') return t.retakeClosed;
    return reason === 'attempt-open' ? t.retakeAttemptOpen : adminErrorText(error);
  };
  return (
    <StudentButton
      label={t.retakeLabel(student.name)}
      pending={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { userId: student.id },
          {
            onSuccess: () => onDone({ text: t.retakeDone(student.name), granted: student }),
            onError: (error) => onDone({ text: refusalText(error) }),
          },
        )
      }
    >
      {t.retake}
    </StudentButton>
  );
}

/**
 * Takes back a retake given (a mis-tap, just now or earlier), unless the student has started it
 * meanwhile: «تراجع» beside the notice of the grant, «سحب المحاولة» in the list of retakes not started.
 */
function WithdrawRetake(props: {
  lessonId: number;
  student: Student;
  onDone: (notice: Notice) => void;
  text: string;
  label: string;
}) {
  const { student, onDone } = props;
  const mutation = useWithdrawRetake(props.lessonId);
  // A 409 without a reason: the grant changed between the read and the write (another teacher).
  const refusalText = (error: Error) =>
    retakeRefusal(error) === 'attempt-open'
      ? t.undoAttemptOpen(student.name)
      : adminErrorText(error, t.undoChanged(student.name));
  return (
    <StudentButton
      label={props.label}
      pending={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { userId: student.id },
          {
            onSuccess: ({ withdrawn }) =>
              onDone({ text: withdrawn > 0 ? t.undone(student.name) : t.undoUsed(student.name) }),
            onError: (error) => onDone({ text: refusalText(error) }),
          },
        )
      }
    >
      {props.text}
    </StudentButton>
  );
}

/**
 * Who has not attempted it; with a pass mark (passedCount is null without one), who is locked out and
 * whose retake waits. What a retake button did is said in the locked-out list, where students come and go.
 */
export function QuizStatsStudents({ stats }: { stats: QuizStatistics }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const lockedOut = new Map(stats.lockedOut.map((student) => [student.id, student]));
  const lists = [
    {
      id: 'stats-not-attempted',
      title: t.notAttempted(stats.notAttempted.length),
      empty: t.everyoneAttempted,
      students: stats.notAttempted,
    },
    stats.passedCount === null
      ? null
      : {
          id: 'stats-locked-out',
          title: t.lockedOut(stats.lockedOut.length),
          hint: t.lockedOutHint,
          empty: t.noneLockedOut,
          students: stats.lockedOut,
          notice: notice?.text ?? null,
          noticeAction: notice?.granted ? (
            <WithdrawRetake
              key={notice.granted.id}
              lessonId={stats.lessonId}
              student={notice.granted}
              onDone={setNotice}
              text={t.undo}
              label={t.undoLabel(notice.granted.name)}
            />
          ) : null,
          action: (student: Student) => {
            const locked = lockedOut.get(student.id);
            return locked ? (
              <RetakeAction lessonId={stats.lessonId} student={locked} onDone={setNotice} />
            ) : null;
          },
        },
    // Shown once a retake waits: most teachers never give one.
    stats.retakePending.length === 0
      ? null
      : {
          id: 'stats-retake-pending',
          title: t.retakePending(stats.retakePending.length),
          hint: t.retakePendingHint,
          empty: '',
          students: stats.retakePending,
          action: (student: Student) => (
            <WithdrawRetake
              lessonId={stats.lessonId}
              student={student}
              onDone={setNotice}
              text={t.withdraw}
              label={t.withdrawLabel(student.name)}
            />
          ),
        },
  ];
  return lists.map((list) => (list ? <StudentList key={list.id} {...list} /> : null));
}
