// One student's record: contact details, enrolments with progress, units unlocked, quiz results,
// device sessions (with 'end device sessions') and a manual enrolment.
import type { AdminStudentDetail } from '@app/contract';
import { gradeText } from '../../../components/ui/course-badges';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { useAdminStudent } from '../api/students';
import { Ltr } from '../components/admin-table';
import { BackLink } from '../components/back-link';
import { ManualEnrolment } from '../components/manual-enrolment';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { Enrolments, StudentQuizResults, UnitUnlocks } from '../components/student-records';
import { StudentSessions } from '../components/student-sessions';
import { useIdParam } from '../hooks/use-id-param';
import { formatDate } from '../lib/format';

const t = adminMessages.student;
const s = adminMessages.students;

export function Component() {
  const id = useIdParam('studentId');
  return id === null ? <NotFoundContent /> : <StudentLoader id={id} />;
}

function StudentLoader({ id }: { id: number }) {
  const query = useAdminStudent(id);
  return <QueryState query={query}>{(detail) => <StudentRecord detail={detail} />}</QueryState>;
}

function StudentRecord({ detail }: { detail: AdminStudentDetail }) {
  const { student } = detail;
  return (
    <>
      <PageHeader
        title={student.name}
        before={<BackLink to={paths.adminStudents.getHref()}>{t.back}</BackLink>}
        subtitle={`${gradeText(student.academicYear)} · ${s.joined}: ${formatDate(student.createdAt)}`}
      />
      <div className="space-y-8">
        <section
          aria-labelledby="contact-heading"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="contact-heading" className="mb-2 text-xl font-extrabold text-slate-900">
            {t.contact}
          </h2>
          <dl className="grid gap-2 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">{s.email}</dt>
              <dd className="font-semibold break-all">
                <Ltr>{student.email}</Ltr>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{s.phone}</dt>
              <dd className="font-semibold">
                <Ltr>{student.phone}</Ltr>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t.parentPhone}</dt>
              <dd className="font-semibold">
                <Ltr>{student.parentPhone}</Ltr>
              </dd>
            </div>
          </dl>
        </section>
        <Enrolments detail={detail} />
        <UnitUnlocks detail={detail} />
        <StudentQuizResults detail={detail} />
        <StudentSessions detail={detail} />
        <ManualEnrolment studentId={student.id} />
      </div>
    </>
  );
}
