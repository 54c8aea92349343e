// A quiz's statistics (decision 0013): GET /api/Admin/Lessons/{id}/QuizStatistics and its CSV
// (GET /api/Admin/Lessons/{id}/QuizStatistics/Export), and one locked-out student's retake
// (PUT /api/Admin/Lessons/{id}/Students/{userId}/Retake) and its undo (DELETE, same path).
import {
  QuizStatisticsResponse,
  RetakeGrantResponse,
  RetakeRefusal,
  RetakeWithdrawalResponse,
} from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { downloadFile } from './download';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export const quizStatisticsQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: adminKeys.quizStatistics(lessonId),
    queryFn: async () =>
      unwrap(
        await apiRequest(`/api/Admin/Lessons/${lessonId}/QuizStatistics`, { schema: QuizStatisticsResponse }),
      ),
  });

export const useQuizStatistics = (lessonId: number) => useQuery(quizStatisticsQueryOptions(lessonId));

export const exportQuizStatisticsCsv = (lessonId: number) =>
  downloadFile(`/api/Admin/Lessons/${lessonId}/QuizStatistics/Export`, `quiz-${lessonId}-statistics.csv`);

/** What a retake's refusal (409) shows is out of date: the statistics read again. */
const statisticsOf = (lessonId: number) => () => [adminKeys.quizStatistics(lessonId)];

/** Lets one student start one more attempt; the statistics read again (they leave the locked-out list). */
export const useGrantRetake = (lessonId: number) =>
  useAdminMutation(
    async ({ userId }: { userId: number }) =>
      unwrap(
        await apiRequest(`/api/Admin/Lessons/${lessonId}/Students/${userId}/Retake`, {
          method: 'PUT',
          schema: RetakeGrantResponse,
        }),
      ),
    statisticsOf(lessonId),
    statisticsOf(lessonId),
  );

/** Takes back a retake the student has not started (the teacher's undo); they rejoin the list. */
export const useWithdrawRetake = (lessonId: number) =>
  useAdminMutation(
    async ({ userId }: { userId: number }) =>
      unwrap(
        await apiRequest(`/api/Admin/Lessons/${lessonId}/Students/${userId}/Retake`, {
          method: 'DELETE',
          schema: RetakeWithdrawalResponse,
        }),
      ),
    statisticsOf(lessonId),
    statisticsOf(lessonId),
  );

/** Why the server refused a retake (409), or null for any other failure. */
export function retakeRefusal(error: unknown): RetakeRefusal['reason'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = RetakeRefusal.safeParse(error.body?.data);
  return parsed.success ? parsed.data.reason : null;
}
