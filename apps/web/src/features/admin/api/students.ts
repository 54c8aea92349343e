// Students: search (GET /api/Admin/Students?search=), one student's record, ending their device
// sessions (DELETE /api/Admin/Students/{id}/Sessions) and a manual enrolment (409 when enrolled).
import { AdminStudentDetailResponse, AdminStudentPageResponse, EndedSessionsResponse } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export type StudentListParams = { search?: string; pageNumber: number };

export const useAdminStudents = (params: StudentListParams) =>
  useQuery({
    queryKey: adminKeys.studentList(params),
    queryFn: async () =>
      unwrap(await apiRequest('/api/Admin/Students', { query: params, schema: AdminStudentPageResponse })),
    placeholderData: keepPreviousData,
  });

export const useAdminStudent = (id: number) =>
  useQuery({
    queryKey: adminKeys.student(id),
    queryFn: async () =>
      unwrap(await apiRequest(`/api/Admin/Students/${id}`, { schema: AdminStudentDetailResponse })),
  });

export const useEndSessions = () =>
  useAdminMutation(
    async (studentId: number) =>
      unwrap(
        await apiRequest(`/api/Admin/Students/${studentId}/Sessions`, {
          method: 'DELETE',
          schema: EndedSessionsResponse,
        }),
      ),
    () => [adminKeys.students],
  );

export const useEnrolStudent = () =>
  useAdminMutation(
    ({ studentId, courseId }: { studentId: number; courseId: number }) =>
      apiRequest(`/api/Admin/Students/${studentId}/Enrollments`, { method: 'POST', json: { courseId } }),
    () => [adminKeys.students, adminKeys.courses],
  );
