// The course list: search, grade/term/status filters and the page in the URL; each row links to its
// editor and can be activated, deactivated or deleted.
import { formatPriceDetail, subjectLabelAr } from '@app/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { gradeText, termText } from '../../../components/ui/course-badges';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { useAdminCourses } from '../api/courses';
import { ActiveToggle, DeleteCourseButton } from '../components/course-actions';
import { CourseFilters } from '../components/course-filters';
import { PageHeader } from '../components/page-header';
import { PagedTable, RowLink } from '../components/paged-table';
import { useListParams } from '../hooks/use-list-params';

const t = adminMessages.courses;

export function Component() {
  const list = useListParams();
  const [notice, setNotice] = useState<string | null>(null);
  const active = list.get('active');
  const query = useAdminCourses({
    search: list.search,
    grade: list.get('grade'),
    term: list.get('term'),
    active: active === 'true' || active === 'false' ? active : undefined,
    pageNumber: list.page,
  });
  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Link to={paths.adminCourseNew.getHref()} className={buttonClass('primary')}>
            {t.newCourse}
          </Link>
        }
      />
      <CourseFilters list={list} />
      {notice ? (
        <div className="mb-4">
          <Alert tone="info">{notice}</Alert>
        </div>
      ) : null}
      <PagedTable
        query={query}
        list={list}
        rows={(page) => page.courses}
        empty={t.empty}
        label={adminMessages.common.tableLabel(t.title)}
        head={[
          t.name,
          t.grade,
          t.term,
          t.price,
          t.content,
          t.enrolled,
          t.status,
          adminMessages.common.actions,
        ]}
      >
        {(course) => (
          <tr key={course.id}>
            <th scope="row">
              <RowLink to={paths.adminCourse.getHref(course.id)}>{course.name}</RowLink>
              {course.subject ? (
                <span className="block text-slate-600">{subjectLabelAr(course.subject)}</span>
              ) : null}
            </th>
            <td>{gradeText(course.grade)}</td>
            <td>{termText(course.term)}</td>
            <td>{formatPriceDetail(course.price)}</td>
            <td>{t.contentCount(course.unitCount, course.lessonCount)}</td>
            <td>{adminMessages.common.count(course.enrolledCount)}</td>
            <td>
              <Badge tone={course.active ? 'success' : 'neutral'}>
                {course.active ? t.active : t.inactive}
              </Badge>
            </td>
            <td>
              <div className="flex items-center gap-1">
                <ActiveToggle course={course} onDone={setNotice} />
                <DeleteCourseButton course={course} onDeleted={() => setNotice(t.deleted)} />
              </div>
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
