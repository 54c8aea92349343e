// GET /api/AdminStudent/CourseActive?grade&pagenumber&pagesize: one page of a grade's active courses.
// A 404 means "no courses" (spec), so it becomes an empty page instead of an error.
import { CoursePageResponse, type CoursePage } from '@app/contract';
import { DEFAULT_PAGE_SIZE, type Grade } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const COURSE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const emptyPage = (page: number): CoursePage => ({
  courses: [],
  totalCount: 0,
  totalPages: 0,
  currentPage: page,
  pageSize: COURSE_PAGE_SIZE,
});

export async function getActiveCourses(grade: Grade, page: number): Promise<CoursePage> {
  try {
    const body = await apiRequest('/api/AdminStudent/CourseActive', {
      query: { grade, pagenumber: page, pagesize: COURSE_PAGE_SIZE },
      schema: CoursePageResponse,
    });
    return body.data ?? emptyPage(page);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return emptyPage(page);
    throw error;
  }
}

export const activeCoursesQueryOptions = (grade: Grade, page: number) =>
  queryOptions({
    queryKey: ['courses', { grade, page }],
    queryFn: () => getActiveCourses(grade, page),
  });

export const useActiveCourses = (grade: Grade, page: number) =>
  useQuery(activeCoursesQueryOptions(grade, page));
