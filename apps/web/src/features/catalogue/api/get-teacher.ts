// GET /api/Teacher/{id}: a teacher's public profile.
import { TeacherResponse, type Teacher } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export async function getTeacher(id: number): Promise<Teacher> {
  const body = await apiRequest(`/api/Teacher/${id}`, { schema: TeacherResponse });
  if (!body.data) throw new ApiError(404, 'Teacher not found.');
  return body.data;
}

export const teacherQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['teacher', id], queryFn: () => getTeacher(id) });

export const useTeacher = (id: number) => useQuery(teacherQueryOptions(id));
