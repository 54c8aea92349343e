// One batch: what it opens and how it is used, its codes (status filter and search in the URL), the
// CSV, the printable sheet, and disabling the selected or all unused codes.
import type { CodeBatch } from '@app/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { exportBatchCsv, useBatchCodes, useDisableCodes, type CodeListParams } from '../api/code-batches';
import { BackLink } from '../components/back-link';
import { CodesTable } from '../components/codes-table';
import { ConfirmAction } from '../components/confirm-action';
import { DownloadButton } from '../components/download-button';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { SearchForm } from '../components/search-form';
import { useIdParam } from '../hooks/use-id-param';
import { useListParams } from '../hooks/use-list-params';
import { formatDateTime } from '../lib/format';

const t = adminMessages.batch;
const STATUSES = ['unused', 'used', 'disabled'] as const;

export function Component() {
  const id = useIdParam('batchId');
  return id === null ? <NotFoundContent /> : <BatchCodes batchId={id} />;
}

function BatchCodes({ batchId }: { batchId: number }) {
  const list = useListParams();
  const status = STATUSES.find((value) => value === list.get('status'));
  const params: CodeListParams = { status, search: list.search, pageNumber: list.page };
  const query = useBatchCodes(batchId, params);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const disable = useDisableCodes();

  function select(ids: number[], checked: boolean) {
    const next = new Set(selected);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  }

  async function disableCodes(codeIds?: number[]) {
    const result = await disable.mutateAsync({ batchId, codeIds });
    setSelected(new Set());
    setNotice(t.disabledDone(result.disabled));
  }

  return (
    <QueryState query={query}>
      {(page) => (
        <>
          <BatchHeader batch={page.batch} />
          {notice ? (
            <div className="mb-4">
              <Alert tone="success">{notice}</Alert>
            </div>
          ) : null}
          <SearchForm label={t.searchLabel} name={t.filters} list={list}>
            <SelectField
              label={t.status}
              value={status ?? ''}
              onChange={(event) => list.update({ status: event.target.value })}
            >
              <option value="">{t.allStatuses}</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t.statuses[value]}
                </option>
              ))}
            </SelectField>
          </SearchForm>
          <div className="mb-4 flex flex-wrap gap-2">
            <ConfirmAction
              className={buttonClass('danger')}
              title={t.disableTitle}
              body={t.disableSelectedBody(selected.size)}
              confirmLabel={t.disable}
              disabled={selected.size === 0}
              action={() => disableCodes([...selected])}
            >
              {t.disableSelected(selected.size)}
            </ConfirmAction>
            <ConfirmAction
              className={buttonClass('secondary')}
              title={t.disableTitle}
              body={t.disableAllBody}
              confirmLabel={t.disable}
              disabled={page.batch.count - page.batch.usedCount - page.batch.disabledCount === 0}
              action={() => disableCodes()}
            >
              {t.disableAll}
            </ConfirmAction>
          </div>
          {page.codes.length === 0 ? (
            <StateMessage title={t.noCodes} />
          ) : (
            <>
              <CodesTable codes={page.codes} selected={selected} onSelect={select} />
              <Pagination page={list.page} totalPages={page.totalPages} hrefFor={list.pageHref} />
            </>
          )}
        </>
      )}
    </QueryState>
  );
}

function BatchHeader({ batch }: { batch: CodeBatch }) {
  const codes = adminMessages.codes;
  return (
    <PageHeader
      title={batch.label}
      before={<BackLink to={paths.adminCodes.getHref()}>{t.back}</BackLink>}
      subtitle={
        <>
          <span className="block">
            {codes.kinds[batch.kind]} · {codes.createdFor(batch.courseName, batch.unitName)}
          </span>
          <span className="block">{t.summary(batch.count, batch.usedCount, batch.disabledCount)}</span>
          <span className="block text-sm text-slate-600">
            {t.createdBy(batch.createdBy, formatDateTime(batch.createdAt))}
          </span>
        </>
      }
      actions={
        <>
          <DownloadButton download={() => exportBatchCsv(batch.id)} />
          <Link to={paths.adminCodePrint.getHref(batch.id)} className={buttonClass('secondary')}>
            {codes.print}
          </Link>
        </>
      }
    />
  );
}
