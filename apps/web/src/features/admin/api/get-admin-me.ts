// GET /api/Admin/Me: 200 for an admin of this tenant, 403 for anyone else. Asked again on every
// entry to /admin (stale at once), while the last answer keeps the screen up.
import { AdminMeResponse } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

export async function getAdminMe() {
  const body = await apiRequest('/api/Admin/Me', { schema: AdminMeResponse });
  if (!body.data) throw new Error('empty answer');
  return body.data;
}

export const adminMeQueryOptions = (userId: number) =>
  queryOptions({ queryKey: adminKeys.me(userId), queryFn: getAdminMe, staleTime: 0 });

export const useAdminMe = (userId: number) => useQuery(adminMeQueryOptions(userId));
