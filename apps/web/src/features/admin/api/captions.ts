// A lesson's WebVTT captions (decision 0012): GET and POST /api/Admin/Lessons/{id}/Captions
// (multipart file, language, label; a language's new file replaces its old one) and
// DELETE /api/Admin/Lessons/{id}/Captions/{language}.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';
import { AdminCaptionsResponse } from '@app/contract';

export const captionsQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: adminKeys.lessonCaptions(lessonId),
    queryFn: async () =>
      unwrap(await apiRequest(`/api/Admin/Lessons/${lessonId}/Captions`, { schema: AdminCaptionsResponse })),
  });

export const useCaptions = (lessonId: number) => useQuery(captionsQueryOptions(lessonId));

export type CaptionUpload = { lessonId: number; file: File; language: string; label: string };

export const useUploadCaption = () =>
  useAdminMutation(
    ({ lessonId, file, language, label }: CaptionUpload) => {
      const form = new FormData();
      form.set('language', language);
      form.set('label', label);
      form.set('file', file);
      return apiRequest(`/api/Admin/Lessons/${lessonId}/Captions`, {
        method: 'POST',
        form,
        schema: AdminCaptionsResponse,
      });
    },
    ({ lessonId }) => [adminKeys.lessonCaptions(lessonId)],
  );

export const useDeleteCaption = () =>
  useAdminMutation(
    ({ lessonId, language }: { lessonId: number; language: string }) =>
      apiRequest(`/api/Admin/Lessons/${lessonId}/Captions/${encodeURIComponent(language)}`, {
        method: 'DELETE',
      }),
    ({ lessonId }) => [adminKeys.lessonCaptions(lessonId)],
  );
