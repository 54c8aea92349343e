// The codes a generation just made: each with a copy button, all of them at once, the CSV, the
// printable sheet and the batch's page. Very large batches list their first codes only.
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { exportBatchCsv } from '../api/code-batches';
import { Ltr } from './admin-table';
import type { CreatedBatch } from './code-batch-form';
import { CopyButton } from './copy-button';
import { DownloadButton } from './download-button';

const t = adminMessages.codes;
/** More than this many codes are for the CSV and the printer, not for the screen. */
export const SHOWN_CODES = 200;

export function GeneratedCodes({ batch, onAnother }: { batch: CreatedBatch; onAnother: () => void }) {
  const shown = batch.codes.slice(0, SHOWN_CODES);
  return (
    <section aria-labelledby="generated-heading" className="space-y-4">
      <div role="status">
        <h2 id="generated-heading" className="text-xl font-extrabold text-green-900">
          {t.created(batch.codes.length)}
        </h2>
        <p className="text-slate-700">
          {batch.label} · {t.createdFor(batch.courseName, batch.unitName)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <DownloadButton download={() => exportBatchCsv(batch.id)} />
        <Link to={paths.adminCodePrint.getHref(batch.id)} className={buttonClass('secondary')}>
          {t.print}
        </Link>
        <Link to={paths.adminCodeBatch.getHref(batch.id)} className={buttonClass('secondary')}>
          {t.viewBatch}
        </Link>
        <CopyButton text={batch.codes.join('\n')}>{t.copyAll}</CopyButton>
      </div>
      <ul aria-label={t.codesList} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((code) => (
          <li
            key={code}
            className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2"
          >
            <span className="font-mono text-lg font-bold tracking-wider whitespace-nowrap text-slate-900">
              <Ltr>{code}</Ltr>
            </span>
            <CopyButton text={code} label={t.copyCode(code)} />
          </li>
        ))}
      </ul>
      {batch.codes.length > shown.length ? (
        <p className="text-slate-700">{t.more(batch.codes.length - shown.length)}</p>
      ) : null}
      <button type="button" className={buttonClass('primary')} onClick={onAnother}>
        {t.newBatch}
      </button>
    </section>
  );
}
