// GET /api/Student/Student-Enrolled-Courses?studentId&pagenumber&pagesize=10: the signed-in student's
// courses, a page at a time. A 404 (no enrolled courses) is an empty page.
import { CoursePageResponse, type CoursePage } from '@app/contract';
import { DEFAULT_PAGE_SIZE } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** Spec: My courses asks for 10 per page. */
export const MY_COURSES_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Every enrolled-courses query starts with this; an enrolment invalidates it. */
export const ENROLLED_COURSES_KEY = ['enrolled-courses'] as const;

export async function getEnrolledCourses(studentId: number, page: number): Promise<CoursePage> {
  const empty: CoursePage = {
    courses: [],
    totalCount: 0,
    totalPages: 0,
    currentPage: page,
    pageSize: MY_COURSES_PAGE_SIZE,
  };
  try {
    const body = await apiRequest('/api/Student/Student-Enrolled-Courses', {
      query: { studentId, pagenumber: page, pagesize: MY_COURSES_PAGE_SIZE },
      schema: CoursePageResponse,
    });
    return body.data ?? empty;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return empty;
    throw error;
  }
}

export const enrolledCoursesQueryOptions = (studentId: number, page: number) =>
  queryOptions({
    queryKey: [...ENROLLED_COURSES_KEY, { studentId, page }],
    queryFn: () => getEnrolledCourses(studentId, page),
  });

export const useEnrolledCourses = (studentId: number, page: number) =>
  useQuery(enrolledCoursesQueryOptions(studentId, page));
