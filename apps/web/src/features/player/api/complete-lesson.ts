// POST /api/Student/lesson-complete/{id} : marks a video lesson completed on the server (so progress
// follows the student to another device), then caches it in this browser per course.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordCompletedLesson } from '../lib/completed-lessons';
import { lessonKey } from './lesson-content';

export async function completeLesson(lessonId: number): Promise<void> {
  await apiRequest(`/api/Student/lesson-complete/${lessonId}`, { method: 'POST' });
}

/**
 * `courseId` is known in the course player (the local cache is per course); the unit viewer has no
 * course id and relies on the server alone. `progressKeys` are the trees whose marks change.
 */
export function useCompleteLesson(options: { courseId: number | null; progressKeys: QueryKey[] }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    onSuccess: (_nothing, lessonId) => {
      if (options.courseId !== null) recordCompletedLesson(options.courseId, lessonId);
      // Not awaited: the celebration and the next lesson must not wait for the refetch.
      for (const queryKey of [...options.progressKeys, lessonKey(lessonId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
