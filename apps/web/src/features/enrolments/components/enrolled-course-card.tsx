import type { Course } from '@app/contract';
import { splitCourseName, toArabicDigits } from '@app/domain';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { GradeBadge, TermBadge } from '../../../components/ui/course-badges';
import { CourseImage } from '../../../components/ui/course-image';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';

const t = catalogueMessages.myCourses;

/** An enrolled course with a start button to its player. */
export function EnrolledCourseCard({ course }: { course: Course }) {
  const { displayName } = splitCourseName(course.courseName);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <CourseImage src={course.imagePath} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-1.5">
          <GradeBadge grade={course.grade} />
          <TermBadge term={course.term} />
        </div>
        <h2 className="text-lg leading-snug font-bold text-slate-900">{displayName}</h2>
        <p className="text-sm text-slate-700">
          {catalogueMessages.common.lessonCount(toArabicDigits(course.lessonCount))}
        </p>
        <Link
          to={paths.coursePlayer.getHref(course.id)}
          className={buttonClass('primary', 'mt-auto w-full')}
          aria-label={t.startCourse(displayName)}
        >
          {t.start}
        </Link>
      </div>
    </article>
  );
}
