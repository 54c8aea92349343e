// GET /api/UnitCode/GetMyUnitCodes?pageNumber&pageSize: the units the student unlocked with codes.
import { MyUnitsResponse } from '@app/contract';
import { DEFAULT_PAGE_SIZE } from '@app/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { MY_UNITS_KEY } from '../../unit-codes/api/enter-code';

export const MY_UNITS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export async function getMyUnits(page: number) {
  const body = await apiRequest('/api/UnitCode/GetMyUnitCodes', {
    query: { pageNumber: page, pageSize: MY_UNITS_PAGE_SIZE },
    schema: MyUnitsResponse,
  });
  if (!body.data) throw new ApiError(500, body.message ?? 'Failed to fetch my units');
  return body.data;
}

export const myUnitsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...MY_UNITS_KEY, { page }],
    queryFn: () => getMyUnits(page),
  });

export const useMyUnits = (page: number) => useQuery(myUnitsQueryOptions(page));

/** Spec: the refresh button clears the unit list cache. */
export function useRefreshMyUnits() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: MY_UNITS_KEY }), [queryClient]);
}
