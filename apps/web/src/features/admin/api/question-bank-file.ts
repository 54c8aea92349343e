// A question bank as a file (decision 0013): POST /api/Admin/Courses/{id}/Questions/Import (multipart
// `file`, CSV or XLSX; every row or none, a refusal lists the faulty rows) and …/Questions/Export
// (the same columns, so an export imports back unchanged).
import { BankImportErrors, BankImportResponse } from '@app/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { downloadFile } from './download';
import { bankChanged } from './question-bank';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

type ImportBank = { courseId: number; file: File };

async function importBank({ courseId, file }: ImportBank) {
  const form = new FormData();
  form.set('file', file);
  return unwrap(
    await apiRequest(`/api/Admin/Courses/${courseId}/Questions/Import`, {
      method: 'POST',
      form,
      schema: BankImportResponse,
    }),
  );
}

export const useImportBank = () => useAdminMutation(importBank, ({ courseId }) => bankChanged(courseId));

/** The faulty rows of a refused import (a 400 with `data.rows`), else null. */
export function importRowErrors(error: unknown): BankImportErrors['rows'] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = BankImportErrors.safeParse(error.body?.data);
  return parsed.success && parsed.data.rows.length > 0 ? parsed.data.rows : null;
}

export type BankFormat = 'csv' | 'xlsx';

export const exportBank = (courseId: number, format: BankFormat) =>
  downloadFile(
    `/api/Admin/Courses/${courseId}/Questions/Export?format=${format}`,
    `question-bank-${courseId}.${format}`,
  );
