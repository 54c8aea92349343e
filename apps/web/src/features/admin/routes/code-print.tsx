// The printable sheet of a batch: A4 pages of cards to cut out, each with the school's name, the
// course (and unit), the code large and left-to-right, and where to enter it. Only the toolbar is on
// screen besides the cards; nothing of the app's chrome is printed.
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { usePrintableBatch } from '../api/code-batches';
import { QueryState } from '../components/query-state';
import { useAdminContext } from '../hooks/use-admin-context';
import { useIdParam } from '../hooks/use-id-param';
import { DocumentTitle } from '../../../components/ui/document-title';

const t = adminMessages.print;

const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
@media print {
  html, body { background: #fff !important; }
  .code-card { break-inside: avoid; }
}`;

export function Component() {
  const id = useIdParam('batchId');
  return id === null ? <NotFoundContent /> : <PrintSheet batchId={id} />;
}

function PrintSheet({ batchId }: { batchId: number }) {
  const { tenantName } = useAdminContext();
  const query = usePrintableBatch(batchId);
  return (
    <main id="main" className="mx-auto max-w-[210mm] p-4 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <QueryState query={query}>
        {({ batch, courseName, codes }) => (
          <>
            <DocumentTitle screen={t.title(batch.label)} />
            <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
              <div>
                <h1 className="text-2xl font-extrabold text-slate-900">{t.title(batch.label)}</h1>
                <p className="text-slate-700">{t.hint}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => window.print()} disabled={codes.length === 0}>
                  {t.print}
                </Button>
                <Link to={paths.adminCodeBatch.getHref(batchId)} className={buttonClass('secondary')}>
                  {t.back}
                </Link>
              </div>
            </div>
            {codes.length === 0 ? (
              <StateMessage title={t.none} />
            ) : (
              <ul
                aria-label={t.cards}
                className="grid grid-cols-1 gap-3 sm:grid-cols-2 print:grid-cols-3 print:gap-2"
              >
                {codes.map((code) => (
                  <li
                    key={code}
                    className="code-card flex flex-col items-center gap-1 rounded-lg border-2 border-dashed border-slate-400 bg-white p-4 text-center print:p-3"
                  >
                    <span className="text-sm font-extrabold text-brand-900">{tenantName}</span>
                    <span className="text-sm font-semibold text-slate-800">{courseName}</span>
                    {batch.unitName ? <span className="text-xs text-slate-700">{batch.unitName}</span> : null}
                    <bdi
                      dir="ltr"
                      className="my-1 font-mono text-2xl font-bold tracking-widest whitespace-nowrap text-slate-900"
                    >
                      {code}
                    </bdi>
                    <span className="text-xs text-slate-700">
                      {batch.kind === 'unit' ? t.unitInstructions : t.instructions}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </main>
  );
}
