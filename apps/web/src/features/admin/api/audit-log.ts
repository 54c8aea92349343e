// GET /api/Admin/AuditLog?search=&pageNumber=: who did what and when, newest first.
import { AuditPageResponse } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';

export type AuditParams = { search?: string; pageNumber: number };

export const useAuditLog = (params: AuditParams) =>
  useQuery({
    queryKey: adminKeys.auditList(params),
    queryFn: async () =>
      unwrap(await apiRequest('/api/Admin/AuditLog', { query: params, schema: AuditPageResponse })),
    placeholderData: keepPreviousData,
  });
