// A new course: the course form; once saved, its editor (units and lessons) opens.
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { BackLink } from '../components/back-link';
import { CourseForm } from '../components/course-form';
import { PageHeader } from '../components/page-header';

export function Component() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={adminMessages.courseForm.newTitle}
        before={<BackLink to={paths.adminCourses.getHref()}>{adminMessages.editor.back}</BackLink>}
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6">
        <CourseForm course={null} onSaved={(course) => void navigate(paths.adminCourse.getHref(course.id))} />
      </div>
    </>
  );
}
