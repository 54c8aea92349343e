// Test data shaped like the API's Course (packages/contract), for the catalogue and enrolment tests.
import type { Course, CourseDetail, CourseTree } from '@app/contract';

export function course(over: Partial<CourseDetail> = {}): CourseDetail {
  return {
    id: 5,
    courseName: 'coursesubject:chemistry الكيمياء العضوية',
    description: 'شرح مبسط للكيمياء العضوية.',
    imagePath: null,
    price: 150,
    term: 'First',
    grade: 'Secondary3',
    active: true,
    modificationDate: '2025-01-01T00:00:00.000Z',
    isOpenToAll: false,
    unitCount: 2,
    lessonCount: 12,
    teacher: null,
    ...over,
  };
}

export function coursePage(
  courses: Course[],
  over: { totalPages?: number; totalCount?: number; currentPage?: number } = {},
) {
  return {
    courses,
    totalCount: over.totalCount ?? courses.length,
    totalPages: over.totalPages ?? (courses.length ? 1 : 0),
    currentPage: over.currentPage ?? 1,
    pageSize: 10,
  };
}

export function courseTree(over: Partial<CourseTree> = {}): CourseTree {
  const lesson = (id: number, lessonName: string, type: 'Video' | 'Quiz') => ({
    id,
    lessonName,
    type,
    isCompleted: false,
    isQuizSubmitted: false,
    isQuizPassed: true,
    titel: null,
  });
  const { teacher: _teacher, ...fields } = course();
  return {
    ...fields,
    units: [
      {
        id: 1,
        unitName: 'الوحدة الأولى: الهيدروكربونات',
        unitTitle: 'الهيدروكربونات',
        lessons: [lesson(11, 'الألكانات', 'Video'), lesson(12, 'اختبار الألكانات', 'Quiz')],
      },
      {
        id: 2,
        unitName: 'الوحدة الثانية: الكحولات',
        unitTitle: 'الكحولات',
        lessons: [lesson(21, 'تسمية الكحولات', 'Video')],
      },
    ],
    ...over,
  };
}
