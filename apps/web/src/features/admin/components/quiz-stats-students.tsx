// The students a teacher may want to call about one quiz, each list with its count in its heading and
// their phone numbers: the enrolled who have not started it, and (with a pass mark) those below it who
// may start no attempt, whose unit stays locked until the teacher lets them retake (one student, here)
// or allows more attempts to all. A list scrolls inside itself (focusable, so a keyboard scrolls it too).
import type { QuizStatistics } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { adminMessages } from '../../../i18n/admin';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { retakeRefusal, useGrantRetake } from '../api/quiz-statistics';
import { adminErrorText } from '../lib/error-text';
import { Ltr } from './admin-table';

const t = adminExamMessages.statistics;

type Student = QuizStatistics['notAttempted'][number] & { score?: number };
type LockedOut = QuizStatistics['lockedOut'][number];

function StudentList(props: {
  id: string;
  title: string;
  hint?: string;
  empty: string;
  students: Student[];
  /** What the teacher can do for one student, beside their phone. */
  action?: (student: Student) => ReactNode;
  /** The last action's outcome, read out. */
  notice?: string | null;
}) {
  const { id, students } = props;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-extrabold text-slate-900">
        {props.title}
      </h2>
      {props.hint && students.length > 0 ? <p className="text-sm text-slate-700">{props.hint}</p> : null}
      {props.action ? (
        <p role="status" className="text-sm font-semibold text-slate-900 empty:hidden">
          {props.notice}
        </p>
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

/** A locked-out student's way back: a retake for those with no attempt left; a closed exam needs the settings. */
function RetakeAction(props: { lessonId: number; student: LockedOut; onDone: (notice: string) => void }) {
  const { student, onDone } = props;
  const mutation = useGrantRetake(props.lessonId);
  if (student.reason === 'exam-closed') return <span className="text-sm text-slate-700">{t.examClosed}</span>;
  return (
    <Button
      variant="secondary"
      className="min-h-11 px-3 py-1"
      aria-label={t.retakeLabel(student.name)}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { userId: student.id },
          {
            onSuccess: () => onDone(t.retakeDone(student.name)),
            onError: (error) => {
              const reason = retakeRefusal(error);
              onDone(
                reason === 'exam-closed'
                  ? t.retakeClosed
                  : reason === 'attempt-open'
                    ? t.retakeAttemptOpen
                    : adminErrorText(error),
              );
            },
          },
        )
      }
    >
      {t.retake}
    </Button>
  );
}

/** Who has not attempted it; with a pass mark (passedCount is null without one), who is locked out. */
export function QuizStatsStudents({ stats }: { stats: QuizStatistics }) {
  const [notice, setNotice] = useState<string | null>(null);
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
          notice,
          action: (student: Student) => {
            const locked = lockedOut.get(student.id);
            return locked ? (
              <RetakeAction lessonId={stats.lessonId} student={locked} onDone={setNotice} />
            ) : null;
          },
        },
  ];
  return lists.map((list) => (list ? <StudentList key={list.id} {...list} /> : null));
}
