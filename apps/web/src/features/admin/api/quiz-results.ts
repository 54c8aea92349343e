// Quiz results: per-quiz summary of a course (GET /api/Admin/Courses/{id}/QuizSummary), one quiz's
// results (GET /api/Admin/QuizResults?lessonId=) and their CSV (GET /api/Admin/QuizResults/Export).
import { AdminQuizResultPageResponse, QuizSummaryResponse } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from './download';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';

export const useQuizSummary = (courseId: number | null) =>
  useQuery({
    queryKey: adminKeys.quizSummary(courseId ?? 0),
    queryFn: async () =>
      unwrap(await apiRequest(`/api/Admin/Courses/${courseId}/QuizSummary`, { schema: QuizSummaryResponse })),
    enabled: courseId !== null,
  });

export type QuizResultParams = { lessonId: number; search?: string; pageNumber: number };

export const useQuizResults = (params: QuizResultParams | null) =>
  useQuery({
    queryKey: adminKeys.quizResultList(params ?? {}),
    queryFn: async () =>
      unwrap(
        await apiRequest('/api/Admin/QuizResults', {
          query: params ?? {},
          schema: AdminQuizResultPageResponse,
        }),
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export const exportQuizResultsCsv = (lessonId: number) =>
  downloadFile(`/api/Admin/QuizResults/Export?lessonId=${lessonId}`, `quiz-${lessonId}.csv`);
