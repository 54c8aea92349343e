// POST /api/Student/quizattempt/start : starts the exam's next attempt (or answers the one already
// open: a double tap, a second device) with its questions. The answer replaces the lesson's content,
// so the screen and a reload continue from the server's state. A 403 names why it may not start.
import { ExamQuizContentResponse } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { lessonKey, receivedNow, type QuizLessonContent } from './lesson-content';

export async function startAttempt(lessonId: number): Promise<QuizLessonContent> {
  const body = await apiRequest('/api/Student/quizattempt/start', {
    method: 'POST',
    json: { lessonId },
    schema: ExamQuizContentResponse,
  });
  if (!body.data) throw new Error('The attempt did not start');
  return receivedNow(body.data);
}

export function useStartAttempt(lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startAttempt(lessonId),
    onSuccess: (content) => queryClient.setQueryData(lessonKey(lessonId), content),
    // Refused: the settings or the attempts changed since the content was read; read them again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: lessonKey(lessonId) });
    },
  });
}
