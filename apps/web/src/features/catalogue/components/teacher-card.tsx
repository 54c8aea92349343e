import type { CourseDetail } from '@app/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { TeacherAvatar } from './teacher-avatar';

const t = catalogueMessages.courseDetail;

type Teacher = NonNullable<CourseDetail['teacher']>;

/** The course's teacher, linking to the teacher's profile page. */
export function TeacherCard({ teacher }: { teacher: Teacher }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
      <TeacherAvatar name={teacher.name} photoUrl={teacher.photoUrl} alt="" />
      <div className="flex flex-col gap-1">
        <p className="font-bold text-slate-900">{teacher.name}</p>
        <p className="text-sm text-slate-700">{teacher.title}</p>
        <Link
          to={paths.teacher.getHref(teacher.id)}
          className="text-sm font-bold text-brand-800 underline underline-offset-4"
        >
          {t.teacherProfile}
        </Link>
      </div>
    </div>
  );
}
