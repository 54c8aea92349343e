// GET /api/Course/tree?courseid=: the course's units and their lessons (names and types only).
import { CourseTreeResponse, type CourseTree } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export async function getCourseTree(courseId: number): Promise<CourseTree> {
  const body = await apiRequest('/api/Course/tree', {
    query: { courseid: courseId },
    schema: CourseTreeResponse,
  });
  if (!body.data) throw new ApiError(404, 'Course not found');
  return body.data;
}

export const courseTreeQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: ['course-tree', courseId], queryFn: () => getCourseTree(courseId) });

export const useCourseTree = (courseId: number) => useQuery(courseTreeQueryOptions(courseId));
