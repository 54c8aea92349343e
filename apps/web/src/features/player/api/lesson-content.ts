// GET /api/Student/contentlesson/{id} : a video's URL and attachment, or a quiz's questions (and its
// stored result once submitted). A 403 carries the reason the lesson is closed.
import { LessonContentResponse, type LessonContent } from '@app/contract';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A video lesson; `hlsUrl`, `posterUrl` and `captions` belong to an uploaded video (decision 0012). */
export type VideoLessonContent = Extract<LessonContent, { type: 'Video' }>;
export type QuizLessonContent = Extract<LessonContent, { type: 'Quiz' }>;

export const lessonKey = (lessonId: number) => ['lesson', lessonId] as const;

export const lessonQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: lessonKey(lessonId),
    queryFn: async ({ signal }) => {
      const body = await apiRequest(`/api/Student/contentlesson/${lessonId}`, {
        schema: LessonContentResponse,
        signal,
      });
      if (!body.data) throw new Error('Lesson details not found.');
      return body.data;
    },
  });

export const useLessonContent = (lessonId: number, enabled: boolean) =>
  useQuery({ ...lessonQueryOptions(lessonId), enabled });
