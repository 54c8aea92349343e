// The code batches, newest first: label, what they open, how many are used and disabled, who made
// them and when; each links to its codes.
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { useCodeBatches } from '../api/code-batches';
import { useListParams } from '../hooks/use-list-params';
import { formatDateTime } from '../lib/format';
import { PagedTable, RowLink } from './paged-table';
import { SearchForm } from './search-form';

const t = adminMessages.codes;
const n = adminMessages.common.count;

export function BatchList() {
  const list = useListParams();
  const query = useCodeBatches({ search: list.search, pageNumber: list.page });
  return (
    <section aria-labelledby="batches-heading">
      <h2 id="batches-heading" className="mb-4 text-xl font-extrabold text-slate-900">
        {t.batches}
      </h2>
      <SearchForm label={t.batchesSearch} name={t.batches} list={list} />
      <PagedTable
        query={query}
        list={list}
        rows={(page) => page.batches}
        empty={t.noBatches}
        label={adminMessages.common.tableLabel(t.batches)}
        head={[t.batchLabel, t.kind, t.target, t.total, t.used, t.disabled, t.createdAt, t.createdBy]}
      >
        {(batch) => (
          <tr key={batch.id}>
            <th scope="row">
              <RowLink to={paths.adminCodeBatch.getHref(batch.id)}>{batch.label}</RowLink>
            </th>
            <td>{t.kinds[batch.kind]}</td>
            <td>{t.createdFor(batch.courseName, batch.unitName)}</td>
            <td>{n(batch.count)}</td>
            <td>{n(batch.usedCount)}</td>
            <td>{n(batch.disabledCount)}</td>
            <td>{formatDateTime(batch.createdAt)}</td>
            <td>{batch.createdBy}</td>
          </tr>
        )}
      </PagedTable>
    </section>
  );
}
