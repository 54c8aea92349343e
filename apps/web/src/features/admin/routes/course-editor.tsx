// One course: its status (with the activate/deactivate toggle), its units and lessons, and its
// details form, in two tabs.
import type { AdminCourseDetail } from '@app/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { adminBankMessages } from '../../../i18n/admin-bank';
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { useAdminCourse } from '../api/course';
import { BackLink } from '../components/back-link';
import { ActiveToggle, DeleteCourseButton } from '../components/course-actions';
import { CourseForm } from '../components/course-form';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { UnitsEditor } from '../components/units-editor';
import { useIdParam } from '../hooks/use-id-param';

const t = adminMessages.editor;

export function Component() {
  const id = useIdParam('courseId');
  return id === null ? <NotFoundContent /> : <CourseLoader id={id} />;
}

function CourseLoader({ id }: { id: number }) {
  const query = useAdminCourse(id);
  return <QueryState query={query}>{(course) => <CourseEditor course={course} />}</QueryState>;
}

function CourseEditor({ course }: { course: AdminCourseDetail }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title={course.name}
        before={<BackLink to={paths.adminCourses.getHref()}>{t.back}</BackLink>}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={course.active ? 'success' : 'neutral'}>
              {course.active ? t.activeBadge : t.inactiveBadge}
            </Badge>
            {t.summary(course.unitCount, course.lessonCount, course.enrolledCount)}
          </span>
        }
        actions={
          <>
            <Link to={paths.adminQuestionBank.getHref(course.id)} className={buttonClass('secondary')}>
              {adminBankMessages.openBank}
            </Link>
            <ActiveToggle course={course} onDone={setNotice} />
            <DeleteCourseButton
              course={course}
              onDeleted={() => void navigate(paths.adminCourses.getHref())}
            />
          </>
        }
      />
      {notice ? (
        <div className="mb-4">
          <Alert tone="info">{notice}</Alert>
        </div>
      ) : null}
      <Tabs
        label={t.tabs}
        tabs={[
          { id: 'content', label: t.contentTab, panel: <UnitsEditor course={course} /> },
          {
            id: 'details',
            label: t.detailsTab,
            panel: (
              <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6">
                {/* Keyed by the last change, so a toggle in the header never leaves stale values here. */}
                <CourseForm
                  key={course.modificationDate}
                  course={course}
                  onSaved={() => setNotice(adminMessages.common.saved)}
                />
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
