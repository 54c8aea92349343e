import type { CourseDetail } from '@app/contract';
import { catalogueMessages } from '../../../i18n/catalogue';
import { CourseDescription } from './course-description';
import { TeacherCard } from './teacher-card';

const t = catalogueMessages.courseDetail;

export function OverviewTab({ course }: { course: CourseDetail }) {
  return (
    <div className="space-y-8">
      <section>
        <h2 className="mb-3 text-xl font-extrabold text-slate-900">{t.description}</h2>
        <CourseDescription text={course.description} />
      </section>
      {course.teacher ? (
        <section>
          <h2 className="mb-3 text-xl font-extrabold text-slate-900">{t.teacher}</h2>
          <TeacherCard teacher={course.teacher} />
        </section>
      ) : null}
    </div>
  );
}
