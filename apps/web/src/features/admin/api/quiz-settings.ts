// A quiz lesson's exam settings (decision 0013): GET, PUT and DELETE
// /api/Admin/Lessons/{id}/QuizSettings. What its draw rules can ask for is the bank's topic counts
// (useBankTopics in question-bank.ts).
import { QuizSettingsResponse, type QuizSettingsInput } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export const quizSettingsQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: adminKeys.quizSettings(lessonId),
    queryFn: async () =>
      unwrap(
        await apiRequest(`/api/Admin/Lessons/${lessonId}/QuizSettings`, { schema: QuizSettingsResponse }),
      ),
  });

export const useQuizSettings = (lessonId: number) => useQuery(quizSettingsQueryOptions(lessonId));

/** What a settings write changes: the settings, the statistics and results (a pass mark re-decides `passed`). */
const changed = ({ lessonId }: { lessonId: number }) => [
  adminKeys.quizSettings(lessonId),
  adminKeys.quizStatistics(lessonId),
  adminKeys.quizResults,
];

export const useSaveQuizSettings = () =>
  useAdminMutation(
    async ({ lessonId, input }: { lessonId: number; input: QuizSettingsInput }) =>
      unwrap(
        await apiRequest(`/api/Admin/Lessons/${lessonId}/QuizSettings`, {
          method: 'PUT',
          json: input,
          schema: QuizSettingsResponse,
        }),
      ),
    changed,
  );

/** Back to the plain one-attempt quiz (409 once a student has started an attempt). */
export const useRemoveQuizSettings = () =>
  useAdminMutation(
    ({ lessonId }: { lessonId: number }) =>
      apiRequest(`/api/Admin/Lessons/${lessonId}/QuizSettings`, { method: 'DELETE' }),
    changed,
  );
