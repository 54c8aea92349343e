// GET /api/Student/contentlesson/{id} : a video's URL and attachment, or a quiz's questions (and its
// stored result once submitted). A quiz with settings is an exam (decision 0013): its content adds
// `exam`, and the phone's clock when it arrived is kept beside it, as the exam's timers count from the
// server's `serverNow` and not from the phone's clock. A 403 carries the reason the lesson is closed.
import { ExamQuizContent, VideoContent, envelope, type LessonContent } from '@app/contract';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** A video lesson; `hlsUrl`, `posterUrl` and `captions` belong to an uploaded video (decision 0012). */
export type VideoLessonContent = Extract<LessonContent, { type: 'Video' }>;
/** A quiz, or an exam when `exam` is present; `receivedAt`: the phone's clock when it arrived (ms). */
export type QuizLessonContent = ExamQuizContent & { receivedAt: number };
export type PlayerLessonContent = VideoLessonContent | QuizLessonContent;

const PlayerLessonContentResponse = envelope(z.discriminatedUnion('type', [VideoContent, ExamQuizContent]));

/** Stamps a quiz's content with the phone's clock on arrival (the start call's answer too). */
export function receivedNow(content: ExamQuizContent): QuizLessonContent {
  return { ...content, receivedAt: Date.now() };
}

export const lessonKey = (lessonId: number) => ['lesson', lessonId] as const;

export const lessonQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: lessonKey(lessonId),
    queryFn: async ({ signal }): Promise<PlayerLessonContent> => {
      const body = await apiRequest(`/api/Student/contentlesson/${lessonId}`, {
        schema: PlayerLessonContentResponse,
        signal,
      });
      if (!body.data) throw new Error('Lesson details not found.');
      return body.data.type === 'Quiz' ? receivedNow(body.data) : body.data;
    },
  });

export const useLessonContent = (lessonId: number, enabled: boolean) =>
  useQuery({ ...lessonQueryOptions(lessonId), enabled });
