// GET /api/Course/tree-unit-with-progress?unitId= : a unit unlocked by a code, with the student's progress.
import { UnitWithProgressResponse } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const unitProgressKey = (unitId: number) => ['unit-progress', unitId] as const;

export const unitProgressQueryOptions = (unitId: number) =>
  queryOptions({
    queryKey: unitProgressKey(unitId),
    queryFn: async ({ signal }) => {
      const body = await apiRequest('/api/Course/tree-unit-with-progress', {
        query: { unitId },
        schema: UnitWithProgressResponse,
        signal,
      });
      if (!body.data) throw new Error('Unit not found');
      return body.data;
    },
  });

export const useUnitProgress = (unitId: number) => useQuery(unitProgressQueryOptions(unitId));
