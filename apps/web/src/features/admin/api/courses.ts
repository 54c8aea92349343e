// GET /api/Admin/Courses (search, grade, term, active, paging) and GET /api/Admin/Teachers for the
// course form's teacher select.
import { AdminCoursePageResponse, AdminTeachersResponse } from '@app/contract';
import { MAX_PAGE_SIZE } from '@app/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';

export type CourseListParams = {
  search?: string;
  grade?: string;
  term?: string;
  active?: 'true' | 'false';
  pageNumber: number;
  pageSize?: number;
};

export async function getAdminCourses(params: CourseListParams) {
  return unwrap(await apiRequest('/api/Admin/Courses', { query: params, schema: AdminCoursePageResponse }));
}

export const adminCoursesQueryOptions = (params: CourseListParams) =>
  queryOptions({
    queryKey: adminKeys.courseList(params),
    queryFn: () => getAdminCourses(params),
    placeholderData: keepPreviousData,
  });

export const useAdminCourses = (params: CourseListParams) => useQuery(adminCoursesQueryOptions(params));

/** Every course for a select (the API's largest page). */
export const useCourseOptions = () =>
  useQuery({
    ...adminCoursesQueryOptions({ pageNumber: 1, pageSize: MAX_PAGE_SIZE }),
    select: (page) => page.courses,
  });

export const useTeachers = () =>
  useQuery({
    queryKey: adminKeys.teachers,
    queryFn: async () =>
      unwrap(await apiRequest('/api/Admin/Teachers', { schema: AdminTeachersResponse })).teachers,
  });
