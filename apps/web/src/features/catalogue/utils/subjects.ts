// The subject chips of a course list: each course's subject (splitCourseName), shown by its Arabic
// name (subjectLabelAr), once, in Arabic dictionary order (compareArabic).
import type { Course } from '@app/contract';
import { compareArabic, splitCourseName, subjectLabelAr } from '@app/domain';

/** The Arabic subject name of a course, or null when its name carries none. */
export function courseSubject(course: Pick<Course, 'courseName'>): string | null {
  const { subject } = splitCourseName(course.courseName);
  return subject ? subjectLabelAr(subject) : null;
}

export function subjectsOf(courses: readonly Pick<Course, 'courseName'>[]): string[] {
  const subjects = new Set<string>();
  for (const course of courses) {
    const subject = courseSubject(course);
    if (subject) subjects.add(subject);
  }
  return [...subjects].sort(compareArabic);
}

/** The courses of one subject; `null` keeps them all. */
export function filterBySubject<T extends Pick<Course, 'courseName'>>(
  courses: readonly T[],
  subject: string | null,
): T[] {
  return subject === null ? [...courses] : courses.filter((course) => courseSubject(course) === subject);
}
