// The enrolled students who have not started the exam, with their phone numbers to call: a list that
// scrolls inside itself (focusable, so a keyboard scrolls it too), its count in the heading.
import type { QuizStatistics } from '@app/contract';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { Ltr } from './admin-table';

const t = adminExamMessages.statistics;

export function QuizStatsNotAttempted({ stats }: { stats: QuizStatistics }) {
  const students = stats.notAttempted;
  return (
    <section aria-labelledby="stats-not-attempted" className="space-y-3">
      <h2 id="stats-not-attempted" className="text-lg font-extrabold text-slate-900">
        {t.notAttempted(students.length)}
      </h2>
      {students.length === 0 ? (
        <p className="text-slate-700">{t.everyoneAttempted}</p>
      ) : (
        <ul
          aria-labelledby="stats-not-attempted"
          tabIndex={0}
          className="max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-2xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {students.map((student) => (
            <li key={student.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span className="font-semibold text-slate-900" dir="auto">
                {student.name}
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
