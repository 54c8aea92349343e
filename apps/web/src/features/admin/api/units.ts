// Units of a course: POST /api/Admin/Courses/{courseId}/Units, PUT and DELETE /api/Admin/Units/{id},
// and PUT /api/Admin/Courses/{id}/UnitOrder with the new order of every unit id.
import { AdminUnitResponse, type UnitInput } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export type SaveUnit = { courseId: number; unitId: number | null; input: UnitInput };

export const useSaveUnit = () =>
  useAdminMutation(
    async ({ courseId, unitId, input }: SaveUnit) =>
      unwrap(
        await apiRequest(
          unitId === null ? `/api/Admin/Courses/${courseId}/Units` : `/api/Admin/Units/${unitId}`,
          {
            method: unitId === null ? 'POST' : 'PUT',
            json: input,
            schema: AdminUnitResponse,
          },
        ),
      ),
    ({ courseId }) => [adminKeys.courses, adminKeys.course(courseId)],
  );

export const useDeleteUnit = () =>
  useAdminMutation(
    ({ unitId }: { courseId: number; unitId: number }) =>
      apiRequest(`/api/Admin/Units/${unitId}`, { method: 'DELETE' }),
    ({ courseId }) => [adminKeys.courses, adminKeys.course(courseId)],
  );

export const useReorderUnits = () =>
  useAdminMutation(
    ({ courseId, ids }: { courseId: number; ids: number[] }) =>
      apiRequest(`/api/Admin/Courses/${courseId}/UnitOrder`, { method: 'PUT', json: { ids } }),
    ({ courseId }) => [adminKeys.course(courseId)],
  );
