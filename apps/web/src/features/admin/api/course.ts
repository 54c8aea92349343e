// One course: GET /api/Admin/Courses/{id} (with its units and lessons), create, update, the image
// upload, activate/deactivate and delete (409 while students are enrolled).
import { AdminCourseDetailResponse, AdminCourseResponse, type CourseInput } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export async function getAdminCourse(id: number) {
  return unwrap(await apiRequest(`/api/Admin/Courses/${id}`, { schema: AdminCourseDetailResponse }));
}

export const adminCourseQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.course(id), queryFn: () => getAdminCourse(id) });

export const useAdminCourse = (id: number, enabled = true) =>
  useQuery({ ...adminCourseQueryOptions(id), enabled });

export type SaveCourse = { id: number | null; input: CourseInput; image: File | null };

/** Creates or updates the course, then uploads the chosen image (the course must exist first). */
export async function saveCourse({ id, input, image }: SaveCourse) {
  const body = await apiRequest(id === null ? '/api/Admin/Courses' : `/api/Admin/Courses/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    json: input,
    schema: AdminCourseResponse,
  });
  let course = unwrap(body);
  if (image) {
    const form = new FormData();
    form.set('file', image);
    course = unwrap(
      await apiRequest(`/api/Admin/Courses/${course.id}/Image`, {
        method: 'POST',
        form,
        schema: AdminCourseResponse,
      }),
    );
  }
  return course;
}

export const useSaveCourse = () =>
  useAdminMutation(saveCourse, (_input, course) => [adminKeys.courses, adminKeys.course(course.id)]);

export const useSetCourseActive = () =>
  useAdminMutation(
    async ({ id, active }: { id: number; active: boolean }) =>
      unwrap(
        await apiRequest(`/api/Admin/Courses/${id}/Active`, {
          method: 'POST',
          json: { active },
          schema: AdminCourseResponse,
        }),
      ),
    () => [adminKeys.courses],
  );

export const useDeleteCourse = () =>
  useAdminMutation(
    (id: number) => apiRequest(`/api/Admin/Courses/${id}`, { method: 'DELETE' }),
    () => [adminKeys.courses, adminKeys.batches],
  );
