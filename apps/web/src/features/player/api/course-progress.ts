// GET /api/Course/tree-course-with-progress?courseid= : the enrolled student's course tree with progress.
import { CourseWithProgressResponse } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const courseProgressKey = (courseId: number) => ['course-progress', courseId] as const;

export const courseProgressQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: courseProgressKey(courseId),
    queryFn: async ({ signal }) => {
      const body = await apiRequest('/api/Course/tree-course-with-progress', {
        query: { courseid: courseId },
        schema: CourseWithProgressResponse,
        signal,
      });
      if (!body.data) throw new Error('Course details not found.');
      return body.data;
    },
  });

export const useCourseProgress = (courseId: number) => useQuery(courseProgressQueryOptions(courseId));
