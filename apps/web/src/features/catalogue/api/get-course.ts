// GET /api/Course/{id}: one course with its teacher (API.md: the course detail fetch).
import { CourseDetailResponse, type CourseDetail } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const COURSE_NOT_FOUND = 'Course details not found.';

export async function getCourse(id: number): Promise<CourseDetail> {
  const body = await apiRequest(`/api/Course/${id}`, { schema: CourseDetailResponse });
  if (!body.data) throw new ApiError(404, COURSE_NOT_FOUND);
  return body.data;
}

export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['course', id], queryFn: () => getCourse(id) });

export const useCourse = (id: number) => useQuery(courseQueryOptions(id));
