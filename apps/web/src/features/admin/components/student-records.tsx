// A student's enrolments (with progress), units unlocked by codes and quiz results, as tables.
import type { AdminStudentDetail } from '@app/contract';
import type { ReactNode } from 'react';
import { adminMessages } from '../../../i18n/admin';
import { formatDate, formatDateTime } from '../lib/format';
import { AdminTable } from './admin-table';

const t = adminMessages.student;

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-extrabold text-slate-900">
        {title}
      </h2>
      {empty ? <p className="text-slate-700">{empty}</p> : children}
    </section>
  );
}

export function Enrolments({ detail }: { detail: AdminStudentDetail }) {
  const rows = detail.enrollments;
  return (
    <Section id="enrolments-heading" title={t.enrollments} empty={rows.length === 0 ? t.noEnrollments : null}>
      <AdminTable
        label={adminMessages.common.tableLabel(t.enrollments)}
        head={[t.course, t.enrolledAt, t.source, t.progress]}
      >
        {rows.map((row) => (
          <tr key={row.courseId}>
            <th scope="row" className="font-semibold">
              {row.courseName}
            </th>
            <td>{formatDate(row.enrolledAt)}</td>
            <td>{t.sources[row.source]}</td>
            <td>
              <div className="flex min-w-40 items-center gap-2">
                <div
                  role="progressbar"
                  aria-label={t.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={row.percent}
                  className="h-2 w-24 shrink-0 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full bg-brand-600" style={{ width: `${row.percent}%` }} />
                </div>
                <span>{t.progressValue(row.completedLessons, row.totalLessons, row.percent)}</span>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </Section>
  );
}

export function UnitUnlocks({ detail }: { detail: AdminStudentDetail }) {
  const rows = detail.unitUnlocks;
  return (
    <Section id="unlocks-heading" title={t.unlocks} empty={rows.length === 0 ? t.noUnlocks : null}>
      <AdminTable label={adminMessages.common.tableLabel(t.unlocks)} head={[t.unit, t.course, t.unlockedAt]}>
        {rows.map((row) => (
          <tr key={`${row.unitId}-${row.unlockedAt}`}>
            <th scope="row" className="font-semibold">
              {row.unitName}
            </th>
            <td>{row.courseName}</td>
            <td>{formatDateTime(row.unlockedAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </Section>
  );
}

export function StudentQuizResults({ detail }: { detail: AdminStudentDetail }) {
  const rows = detail.quizResults;
  return (
    <Section
      id="quiz-results-heading"
      title={t.quizResults}
      empty={rows.length === 0 ? t.noQuizResults : null}
    >
      <AdminTable
        label={adminMessages.common.tableLabel(t.quizResults)}
        head={[t.quiz, t.course, t.score, t.submittedAt]}
      >
        {rows.map((row) => (
          <tr key={`${row.lessonId}-${row.submittedAt}`}>
            <th scope="row" className="font-semibold">
              {row.lessonName}
            </th>
            <td>{row.courseName}</td>
            <td>{t.scoreValue(row.correctCount, row.total, row.score)}</td>
            <td>{formatDateTime(row.submittedAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </Section>
  );
}
