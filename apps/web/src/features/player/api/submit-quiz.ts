// POST /api/quizresult/submit : one attempt per quiz, graded by the server. A 409 ("Quiz already
// submitted", or an exam's "The time for this attempt is over") carries the stored result, which is
// shown like a fresh one. An exam's result adds whether it passed and who submitted it (ExamResult).
import { ExamResult, envelope, type QuizSubmitRequest } from '@app/contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { lessonKey } from './lesson-content';

const ExamSubmitResponse = envelope(ExamResult);

export async function submitQuiz(request: QuizSubmitRequest): Promise<ExamResult> {
  try {
    const body = await apiRequest('/api/quizresult/submit', {
      method: 'POST',
      json: request,
      schema: ExamSubmitResponse,
    });
    if (!body.data) throw new Error('Failed to submit quiz result');
    return body.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const stored = ExamResult.safeParse(error.body?.data);
      if (stored.success) return stored.data;
    }
    throw error;
  }
}

export function useSubmitQuiz(progressKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    // Not awaited: the result shows at once while the marks refresh in the background.
    onSuccess: (_result, request) => {
      void queryClient.invalidateQueries({ queryKey: progressKey });
      void queryClient.invalidateQueries({ queryKey: lessonKey(request.lessonId) });
    },
  });
}
