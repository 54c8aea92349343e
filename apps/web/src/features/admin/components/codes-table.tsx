// A batch's codes: status, who used each and when, when it was disabled; unused codes can be
// selected (one by one or the whole page) to be disabled.
import type { AdminCode } from '@app/contract';
import { Badge } from '../../../components/ui/badge';
import { adminMessages } from '../../../i18n/admin';
import { formatDateTime } from '../lib/format';
import { AdminTable, Ltr } from './admin-table';

const t = adminMessages.batch;

const TONE = { unused: 'info', used: 'success', disabled: 'neutral' } as const;

export function CodesTable({
  codes,
  selected,
  onSelect,
}: {
  codes: AdminCode[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], checked: boolean) => void;
}) {
  const unused = codes.filter((code) => code.status === 'unused').map((code) => code.id);
  const allSelected = unused.length > 0 && unused.every((id) => selected.has(id));
  return (
    <AdminTable
      label={adminMessages.common.tableLabel(t.code)}
      head={[
        t.code,
        <input
          key="all"
          type="checkbox"
          className="size-5 accent-brand-700"
          aria-label={t.selectAll}
          checked={allSelected}
          disabled={unused.length === 0}
          onChange={(event) => onSelect(unused, event.target.checked)}
        />,
        t.status,
        t.usedBy,
        t.usedAt,
        t.disabledAt,
      ]}
    >
      {codes.map((code) => (
        <tr key={code.id}>
          <th scope="row" className="font-mono text-base font-bold tracking-wider whitespace-nowrap">
            <Ltr>{code.code}</Ltr>
          </th>
          <td>
            {code.status === 'unused' ? (
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                aria-label={t.select(code.code)}
                checked={selected.has(code.id)}
                onChange={(event) => onSelect([code.id], event.target.checked)}
              />
            ) : null}
          </td>
          <td>
            <Badge tone={TONE[code.status]}>{t.statuses[code.status]}</Badge>
          </td>
          <td>
            {code.usedBy ? (
              <>
                <span className="block font-semibold">{code.usedBy.name}</span>
                <span className="block text-slate-600">
                  <Ltr>{code.usedBy.email}</Ltr>
                </span>
                <span className="block text-slate-600">
                  <Ltr>{code.usedBy.phone}</Ltr>
                </span>
              </>
            ) : (
              adminMessages.common.none
            )}
          </td>
          <td>{formatDateTime(code.usedAt)}</td>
          <td>{formatDateTime(code.disabledAt)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
