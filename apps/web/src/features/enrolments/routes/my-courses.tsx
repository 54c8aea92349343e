// Spec (my courses): the signed-in student's courses, 10 a page (page in the URL), each with a start
// button to its player. A 401 says the session expired (the API client then sends the user to
// /login); other failures show a generic Arabic error with retry.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Pagination, pageLink, readPage } from '../../../components/ui/pagination';
import { SkeletonGrid } from '../../../components/ui/skeleton-card';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../auth/hooks/use-auth';
import { useEnrolledCourses } from '../api/get-enrolled-courses';
import { EnrolledCourseCard } from '../components/enrolled-course-card';
import { DocumentTitle } from '../../../components/ui/document-title';

const t = catalogueMessages.myCourses;

export function Component() {
  const { user } = useAuth();
  // Kept when the session ends under us (a failed refresh clears the user), so the 401 that follows
  // can still say why before the app moves to /login.
  const [studentId, setStudentId] = useState(user?.id ?? null);
  if (user && user.id !== studentId) setStudentId(user.id);
  const [search] = useSearchParams();
  const page = readPage(search.get('page'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DocumentTitle screen={t.title} />
      <h1 className="text-2xl font-extrabold text-slate-900 md:text-3xl">{t.title}</h1>
      <p className="mt-2 text-slate-700">{t.subtitle}</p>
      <div className="mt-6">
        {studentId !== null ? (
          <MyCourses studentId={studentId} page={page} />
        ) : (
          <LoginAgain message={t.noToken} />
        )}
      </div>
    </div>
  );
}

function LoginAgain({ message }: { message: string }) {
  const from = paths.enrolledCourses.getHref();
  return (
    <StateMessage
      tone="error"
      title={message}
      action={
        <Link to={paths.login.getHref({ from })} state={{ from }} className={buttonClass('primary')}>
          {t.login}
        </Link>
      }
    />
  );
}

function MyCourses({ studentId, page }: { studentId: number; page: number }) {
  const query = useEnrolledCourses(studentId, page);
  if (query.isPending) return <SkeletonGrid label={t.loading} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 401)
      return <LoginAgain message={t.expired} />;
    return (
      <StateMessage
        tone="error"
        title={t.error}
        action={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            {catalogueMessages.common.retry}
          </Button>
        }
      />
    );
  }
  const { courses, totalPages, totalCount } = query.data;
  if (courses.length === 0 && totalCount > 0 && page > 1)
    return (
      <StateMessage
        title={catalogueMessages.courseList.pageEmpty}
        action={
          <Link to={paths.enrolledCourses.getHref()} className={buttonClass('primary')}>
            {catalogueMessages.courseList.firstPage}
          </Link>
        }
      />
    );
  if (courses.length === 0)
    return (
      <StateMessage
        title={t.empty}
        action={
          <Link to={paths.coursesSection.getHref()} className={buttonClass('primary')}>
            {t.browse}
          </Link>
        }
      >
        {t.emptyHint}
      </StateMessage>
    );
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((course) => (
          <li key={course.id}>
            <EnrolledCourseCard course={course} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={totalPages}
        hrefFor={(target) => pageLink(paths.enrolledCourses.getHref(), target)}
      />
    </>
  );
}
