// The students a teacher may want to call about one quiz, each list with its count in its heading and
// their phone numbers: the enrolled who have not started it, and (with a pass mark) those below it who
// may start no attempt, whose unit stays locked until the teacher allows more. A list scrolls inside
// itself (focusable, so a keyboard scrolls it too).
import type { QuizStatistics } from '@app/contract';
import { adminMessages } from '../../../i18n/admin';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { Ltr } from './admin-table';

const t = adminExamMessages.statistics;

type Student = QuizStatistics['notAttempted'][number] & { score?: number };

function StudentList(props: {
  id: string;
  title: string;
  hint?: string;
  empty: string;
  students: Student[];
}) {
  const { id, students } = props;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-extrabold text-slate-900">
        {props.title}
      </h2>
      {props.hint && students.length > 0 ? <p className="text-sm text-slate-700">{props.hint}</p> : null}
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
              {student.phoneNumber ? (
                <a
                  href={`tel:${student.phoneNumber}`}
                  aria-label={`${t.phone(student.name)} ${student.phoneNumber}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
                >
                  <Ltr>{student.phoneNumber}</Ltr>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Who has not attempted it; with a pass mark (passedCount is null without one), who is locked out. */
export function QuizStatsStudents({ stats }: { stats: QuizStatistics }) {
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
        },
  ];
  return lists.map((list) => (list ? <StudentList key={list.id} {...list} /> : null));
}
