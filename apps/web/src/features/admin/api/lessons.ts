// Lessons: GET, PUT and DELETE /api/Admin/Lessons/{id}, POST /api/Admin/Units/{unitId}/Lessons,
// PUT /api/Admin/Units/{id}/LessonOrder and the attachment upload POST /api/Admin/Lessons/{id}/Attachment.
import { AdminLessonResponse, type LessonInput } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export const adminLessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.lesson(id),
    queryFn: async () =>
      unwrap(await apiRequest(`/api/Admin/Lessons/${id}`, { schema: AdminLessonResponse })),
  });

export const useAdminLesson = (id: number) => useQuery(adminLessonQueryOptions(id));

export type SaveLesson = {
  unitId: number;
  lessonId: number | null;
  input: LessonInput;
  attachment: File | null;
};

/** Creates or updates the lesson, then uploads the chosen attachment (the lesson must exist first). */
export async function saveLesson({ unitId, lessonId, input, attachment }: SaveLesson) {
  let lesson = unwrap(
    await apiRequest(
      lessonId === null ? `/api/Admin/Units/${unitId}/Lessons` : `/api/Admin/Lessons/${lessonId}`,
      {
        method: lessonId === null ? 'POST' : 'PUT',
        json: input,
        schema: AdminLessonResponse,
      },
    ),
  );
  if (attachment) {
    const form = new FormData();
    form.set('file', attachment);
    lesson = unwrap(
      await apiRequest(`/api/Admin/Lessons/${lesson.id}/Attachment`, {
        method: 'POST',
        form,
        schema: AdminLessonResponse,
      }),
    );
  }
  return lesson;
}

export const useSaveLesson = () =>
  useAdminMutation(saveLesson, (_input, lesson) => [
    adminKeys.courses,
    adminKeys.course(lesson.courseId),
    adminKeys.lesson(lesson.id),
  ]);

export const useDeleteLesson = () =>
  useAdminMutation(
    ({ lessonId }: { courseId: number; lessonId: number }) =>
      apiRequest(`/api/Admin/Lessons/${lessonId}`, { method: 'DELETE' }),
    ({ courseId }) => [adminKeys.courses, adminKeys.course(courseId)],
  );

export const useReorderLessons = () =>
  useAdminMutation(
    ({ unitId, ids }: { courseId: number; unitId: number; ids: number[] }) =>
      apiRequest(`/api/Admin/Units/${unitId}/LessonOrder`, { method: 'PUT', json: { ids } }),
    ({ courseId }) => [adminKeys.course(courseId)],
  );
