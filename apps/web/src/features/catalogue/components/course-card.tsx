// A course in a list: picture, name without the subject marker, subject, grade and term, lesson
// count and price (0 is 'free'); the whole card opens the course.
import type { Course } from '@app/contract';
import { formatPriceCard, splitCourseName, toArabicDigits } from '@app/domain';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { GradeBadge, TermBadge } from '../../../components/ui/course-badges';
import { CourseImage } from '../../../components/ui/course-image';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { courseSubject } from '../utils/subjects';

const t = catalogueMessages;

export function CourseCard({ course }: { course: Course }) {
  const { displayName } = splitCourseName(course.courseName);
  const subject = courseSubject(course);
  const free = course.price === 0;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <CourseImage src={course.imagePath} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-1.5">
          {subject ? <Badge tone="warning">{subject}</Badge> : null}
          <GradeBadge grade={course.grade} />
          <TermBadge term={course.term} />
        </div>
        <h2 className="text-lg leading-snug font-bold text-slate-900">
          <Link
            to={paths.course.getHref(course.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-brand-800"
          >
            {displayName}
          </Link>
        </h2>
        <p className="text-sm text-slate-700">{t.common.lessonCount(toArabicDigits(course.lessonCount))}</p>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <p className={`text-lg font-extrabold ${free ? 'text-green-800' : 'text-brand-900'}`}>
            {formatPriceCard(course.price)}
          </p>
          <span className="text-sm font-semibold text-brand-800" aria-hidden="true">
            {t.courseList.details}
          </span>
        </div>
      </div>
    </article>
  );
}
