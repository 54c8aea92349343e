// GET /api/Admin/AuditLog?search=&actions=&pageNumber=: who did what and when, newest first. The
// entries name their actions by English ids; a search also asks for the actions whose Arabic name
// holds it, so «محاولة» finds the retakes.
import { AUDIT_ACTIONS, AuditPageResponse } from '@app/contract';
import { adminMessages } from '../../../i18n/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';

export type AuditParams = { search?: string; pageNumber: number };

/** The actions whose Arabic name holds `search`, comma-separated, or undefined for none. */
export function actionsNamed(search: string | undefined): string | undefined {
  const wanted = search?.trim();
  if (!wanted) return undefined;
  const names = adminMessages.audit.actions;
  const matching = AUDIT_ACTIONS.filter((action) => names[action].includes(wanted));
  return matching.length > 0 ? matching.join(',') : undefined;
}

export const useAuditLog = (params: AuditParams) =>
  useQuery({
    queryKey: adminKeys.auditList(params),
    queryFn: async () =>
      unwrap(
        await apiRequest('/api/Admin/AuditLog', {
          query: { ...params, actions: actionsNamed(params.search) },
          schema: AuditPageResponse,
        }),
      ),
    placeholderData: keepPreviousData,
  });
