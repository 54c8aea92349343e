// Spec (course list by grade): breadcrumb, a paginated grid of the grade's active courses (page in
// the URL), subject chips when the page has more than one subject, 6 skeleton cards while loading,
// error with retry, empty messages. A new grade or page is a new query, so it refetches.
import { gradeLabelAr, resolveRouteGrade, type Country, type Grade } from '@app/domain';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Pagination, pageLink, readPage } from '../../../components/ui/pagination';
import { SkeletonGrid } from '../../../components/ui/skeleton-card';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { useActiveCourses } from '../api/get-active-courses';
import { Breadcrumb } from '../components/breadcrumb';
import { CourseCard } from '../components/course-card';
import { NotFoundContent } from '../components/not-found-content';
import { SubjectChips } from '../components/subject-chips';
import { filterBySubject, subjectsOf } from '../utils/subjects';
import { DocumentTitle } from '../../../components/ui/document-title';

const t = catalogueMessages.courseList;

const listHref = (grade: Grade, country: Country | null, page = 1) =>
  country
    ? paths.coursesByCountryGrade.getHref(country, grade, page)
    : pageLink(paths.coursesByGrade.getHref(grade), page);

export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const page = readPage(search.get('page'));
  const resolved = resolveRouteGrade(params.country, params.grade);
  if (!resolved) return <NotFoundContent />;
  const { grade, country } = resolved;
  if (!resolved.canonical) return <Navigate replace to={listHref(grade, country, page)} />;
  return <CourseList key={grade} grade={grade} country={country} page={page} />;
}

function CourseList({ grade, country, page }: { grade: Grade; country: Country | null; page: number }) {
  const title = t.title(gradeLabelAr(grade));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DocumentTitle screen={title} />
      <Breadcrumb
        items={[{ label: catalogueMessages.common.home, to: paths.home.getHref() }, { label: title }]}
      />
      <h1 className="mt-4 text-2xl font-extrabold text-slate-900 md:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-700">{t.subtitle}</p>
      <div className="mt-6">
        <CourseResults grade={grade} country={country} page={page} />
      </div>
    </div>
  );
}

function CourseResults({ grade, country, page }: { grade: Grade; country: Country | null; page: number }) {
  const query = useActiveCourses(grade, page);
  const [subject, setSubject] = useState<string | null>(null);

  if (query.isPending) return <SkeletonGrid label={t.loadingCourses} />;
  if (query.isError)
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

  const { courses, totalCount, totalPages } = query.data;
  if (courses.length === 0) {
    if (totalCount > 0 && page > 1)
      return (
        <StateMessage
          title={t.pageEmpty}
          action={
            <Link to={listHref(grade, country)} className={buttonClass('primary')}>
              {t.firstPage}
            </Link>
          }
        />
      );
    return (
      <StateMessage
        title={t.empty}
        action={
          country ? (
            <Link to={paths.grades.getHref(country)} className={buttonClass('secondary')}>
              {t.otherGrade}
            </Link>
          ) : undefined
        }
      >
        {t.emptyHint}
      </StateMessage>
    );
  }

  const subjects = subjectsOf(courses);
  // A subject chosen on another page that this page lacks falls back to 'all'.
  const selected = subject !== null && subjects.includes(subject) ? subject : null;
  const shown = filterBySubject(courses, selected);
  return (
    <>
      {subjects.length > 1 ? (
        <div className="mb-6">
          <SubjectChips subjects={subjects} selected={selected} onSelect={setSubject} />
        </div>
      ) : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={totalPages}
        hrefFor={(target) => listHref(grade, country, target)}
      />
    </>
  );
}
