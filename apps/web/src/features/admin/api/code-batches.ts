// Code batches: POST /api/Admin/CodeBatches (N codes in one transaction), the batch list, a batch's
// codes (status filter, search), its printable codes, the CSV export and disabling unused codes.
import {
  CodePageResponse,
  CodeBatchPageResponse,
  CreatedCodeBatchResponse,
  DisabledCodesResponse,
  PrintableBatchResponse,
  type CodeBatchInput,
} from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from './download';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export const useCreateCodeBatch = () =>
  useAdminMutation(
    async (input: CodeBatchInput) =>
      unwrap(
        await apiRequest('/api/Admin/CodeBatches', {
          method: 'POST',
          json: input,
          schema: CreatedCodeBatchResponse,
        }),
      ),
    () => [adminKeys.batches],
  );

export type BatchListParams = { search?: string; pageNumber: number };

export const useCodeBatches = (params: BatchListParams) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.batchList(params),
      queryFn: async () =>
        unwrap(await apiRequest('/api/Admin/CodeBatches', { query: params, schema: CodeBatchPageResponse })),
      placeholderData: keepPreviousData,
    }),
  );

export type CodeListParams = { status?: 'unused' | 'used' | 'disabled'; search?: string; pageNumber: number };

export const useBatchCodes = (batchId: number, params: CodeListParams) =>
  useQuery({
    queryKey: adminKeys.batchCodes(batchId, params),
    queryFn: async () =>
      unwrap(
        await apiRequest(`/api/Admin/CodeBatches/${batchId}/Codes`, {
          query: { ...params, pageSize: 50 },
          schema: CodePageResponse,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const usePrintableBatch = (batchId: number) =>
  useQuery({
    queryKey: adminKeys.batchPrint(batchId),
    queryFn: async () =>
      unwrap(await apiRequest(`/api/Admin/CodeBatches/${batchId}/Print`, { schema: PrintableBatchResponse })),
  });

/** Every unused code of the batch when `codeIds` is left out. */
export const useDisableCodes = () =>
  useAdminMutation(
    async ({ batchId, codeIds }: { batchId: number; codeIds?: number[] }) =>
      unwrap(
        await apiRequest(`/api/Admin/CodeBatches/${batchId}/Disable`, {
          method: 'POST',
          json: codeIds ? { codeIds } : {},
          schema: DisabledCodesResponse,
        }),
      ),
    () => [adminKeys.batches],
  );

export const exportBatchCsv = (batchId: number) =>
  downloadFile(`/api/Admin/CodeBatches/${batchId}/Export`, `codes-${batchId}.csv`);
