// GET /api/UnitCode/GetMyUnitCodes?pageNumber&pageSize[&search&grade&term]: the units the student
// unlocked with codes; the server searches and filters all of them before paging.
import { MyUnitsResponse } from '@app/contract';
import { DEFAULT_PAGE_SIZE } from '@app/domain';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { MY_UNITS_KEY } from '../../unit-codes/api/enter-code';
import { NO_FILTERS, type UnitFilters } from '../filter-units';

export const MY_UNITS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export async function getMyUnits(page: number, filters: UnitFilters = NO_FILTERS) {
  const search = filters.search.trim();
  const body = await apiRequest('/api/UnitCode/GetMyUnitCodes', {
    query: {
      pageNumber: page,
      pageSize: MY_UNITS_PAGE_SIZE,
      ...(search ? { search } : {}),
      ...(filters.grade !== 'all' ? { grade: filters.grade } : {}),
      ...(filters.term !== 'all' ? { term: filters.term } : {}),
    },
    schema: MyUnitsResponse,
  });
  if (!body.data) throw new ApiError(500, body.message ?? 'Failed to fetch my units');
  return body.data;
}

export const myUnitsQueryOptions = (page: number, filters: UnitFilters = NO_FILTERS) =>
  queryOptions({
    queryKey: [...MY_UNITS_KEY, { page, ...filters, search: filters.search.trim() }],
    queryFn: () => getMyUnits(page, filters),
  });

/** While a new search or filter loads, the previous answer stays on screen. */
export const useMyUnits = (page: number, filters: UnitFilters = NO_FILTERS) =>
  useQuery({ ...myUnitsQueryOptions(page, filters), placeholderData: keepPreviousData });

/** Spec: the refresh button clears the unit list cache. */
export function useRefreshMyUnits() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: MY_UNITS_KEY }), [queryClient]);
}
