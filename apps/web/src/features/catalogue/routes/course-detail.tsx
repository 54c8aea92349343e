// Spec (course detail): picture, grade and term badges, price (two decimals, 0 is free), lesson
// count, 'curriculum' and 'overview' tabs, and the enrolment panel. A course that does not exist
// gets a clear 'not found' message (the spec's page renders blank; a message is kinder).
import type { CourseDetail } from '@app/contract';
import {
  countryOfGrade,
  formatPriceDetail,
  gradeLabelAr,
  normalizeGrade,
  splitCourseName,
  toArabicDigits,
} from '@app/domain';
import { useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { GradeBadge, TermBadge } from '../../../components/ui/course-badges';
import { CourseImage } from '../../../components/ui/course-image';
import { Spinner } from '../../../components/ui/spinner';
import { StateMessage } from '../../../components/ui/state-message';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { ApiError } from '../../../lib/api-client';
import { EnrolmentPanel } from '../../enrolments/components/enrolment-panel';
import { useCourse } from '../api/get-course';
import { Breadcrumb, type Crumb } from '../components/breadcrumb';
import { CurriculumTab } from '../components/curriculum-tab';
import { NotFoundContent } from '../components/not-found-content';
import { OverviewTab } from '../components/overview-tab';
import { readCourseId } from '../utils/course-id';
import { courseSubject } from '../utils/subjects';
import { DocumentTitle } from '../../../components/ui/document-title';

const t = catalogueMessages.courseDetail;

export function Component() {
  const id = readCourseId(useParams().id);
  if (id === null) return <NotFoundContent title={t.notFound} body={t.notFoundHint} />;
  return <CourseDetailPage key={id} id={id} />;
}

function CourseDetailPage({ id }: { id: number }) {
  const course = useCourse(id);
  if (course.isPending) return <Spinner fullPage label={t.loading} />;
  if (course.isError) {
    if (course.error instanceof ApiError && course.error.status === 404)
      return <NotFoundContent title={t.notFound} body={t.notFoundHint} />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <StateMessage
          tone="error"
          title={t.error}
          action={
            <Button onClick={() => void course.refetch()} disabled={course.isFetching}>
              {catalogueMessages.common.retry}
            </Button>
          }
        />
      </div>
    );
  }
  return <CourseView course={course.data} />;
}

function crumbs(course: CourseDetail, displayName: string): Crumb[] {
  const grade = normalizeGrade(course.grade);
  return [
    { label: catalogueMessages.common.home, to: paths.home.getHref() },
    ...(grade
      ? [
          {
            label: catalogueMessages.courseList.title(gradeLabelAr(grade)),
            to: paths.coursesByCountryGrade.getHref(countryOfGrade(grade), grade),
          },
        ]
      : []),
    { label: displayName },
  ];
}

function CourseView({ course }: { course: CourseDetail }) {
  const { displayName } = splitCourseName(course.courseName);
  const subject = courseSubject(course);
  const free = course.price === 0;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DocumentTitle screen={displayName} />
      <Breadcrumb items={crumbs(course, displayName)} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <header className="lg:col-start-1">
          <div className="flex flex-wrap gap-2">
            {subject ? <Badge tone="warning">{subject}</Badge> : null}
            <GradeBadge grade={course.grade} />
            <TermBadge term={course.term} />
          </div>
          <h1 className="mt-3 text-2xl leading-tight font-extrabold text-slate-900 md:text-4xl">
            {displayName}
          </h1>
          {course.teacher ? (
            <p className="mt-3 text-slate-700">{`${t.teacher}: ${course.teacher.name}`}</p>
          ) : null}
        </header>

        <aside className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20">
            <CourseImage src={course.imagePath} />
            <div className="space-y-4 p-5">
              <dl className="grid grid-cols-2 gap-3">
                <div>
                  <dt className="text-sm text-slate-600">{t.price}</dt>
                  <dd className={`text-2xl font-extrabold ${free ? 'text-green-800' : 'text-brand-900'}`}>
                    {formatPriceDetail(course.price)}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">{t.lessons}</dt>
                  <dd className="text-2xl font-extrabold text-slate-900">
                    {toArabicDigits(course.lessonCount)}
                  </dd>
                </div>
              </dl>
              <EnrolmentPanel course={{ id: course.id, price: course.price, displayName }} />
            </div>
          </div>
        </aside>

        <div className="min-w-0 lg:col-start-1">
          <Tabs
            label={t.tabsLabel}
            tabs={[
              { id: 'curriculum', label: t.curriculumTab, panel: <CurriculumTab courseId={course.id} /> },
              { id: 'overview', label: t.overviewTab, panel: <OverviewTab course={course} /> },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
