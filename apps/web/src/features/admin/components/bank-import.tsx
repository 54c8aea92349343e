// Import questions from a CSV or Excel file: the columns it needs and a blank file with them, the file
// picker and the import. The server takes every row or none; a refusal lists the faulty rows («الصف ٣:
// …», each problem said in Arabic from its code, naming the file's Arabic column headers), and a
// success reports how many questions were added.
import { BANK_COLUMNS, BANK_COLUMNS_AR, BANK_LIMITS, BankImportFileError } from '@app/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { adminBankMessages as t } from '../../../i18n/admin-bank';
import { ApiError } from '../../../lib/api-client';
import { importRowErrors, useImportBank } from '../api/question-bank-file';
import { adminErrorText } from '../lib/error-text';
import { FileField } from './form-controls';

/** A blank bank file: the Arabic header row (the import reads it), with a BOM so Excel reads UTF-8. */
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(
  `\uFEFF${BANK_COLUMNS.map((column) => BANK_COLUMNS_AR[column]).join(',')}\r\n`,
)}`;

/** Why the import was refused, in Arabic, when it is not a list of rows. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    const file = BankImportFileError.safeParse(error.body?.data);
    return file.success ? t.importFileRefusal(file.data) : t.importUnreadable;
  }
  if (error instanceof ApiError && error.status === 413) return t.importTooLarge;
  return adminErrorText(error);
}

export function BankImport({
  courseId,
  onImported,
}: {
  courseId: number;
  onImported: (count: number) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const mutation = useImportBank();
  const rows = importRowErrors(mutation.error);

  function choose(chosen: File | null) {
    mutation.reset();
    setFile(chosen);
    setFileError(chosen && chosen.size > BANK_LIMITS.maxImportBytes ? t.importTooLarge : null);
  }

  function send() {
    if (!file) return setFileError(t.chooseImportFile);
    if (fileError) return;
    mutation.mutate({ courseId, file }, { onSuccess: (result) => onImported(result.imported) });
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t.importHelp}</p>
      <a
        href={TEMPLATE_HREF}
        download="question-bank-template.csv"
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
      >
        {t.template}
      </a>
      <FileField
        label={t.importFile}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hint={t.importLimits}
        error={fileError ?? undefined}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      {rows ? (
        <Alert tone="error" title={t.importRefused}>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            {rows.map((row) => (
              <li key={row.row}>
                {t.row(row.row)}: {t.importProblems(row.problems)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : mutation.error ? (
        <Alert tone="error">{refusalText(mutation.error)}</Alert>
      ) : null}
      <Button onClick={send} disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
        {mutation.isPending ? t.importing : t.import}
      </Button>
    </div>
  );
}
