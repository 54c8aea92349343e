// A quiz's statistics (decision 0013): GET /api/Admin/Lessons/{id}/QuizStatistics and its CSV
// (GET /api/Admin/Lessons/{id}/QuizStatistics/Export).
import { QuizStatisticsResponse } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from './download';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';

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
