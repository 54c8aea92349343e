// The audit log: every admin action with who did it and when, newest first; search and paging.
import { adminMessages } from '../../../i18n/admin';
import { useAuditLog } from '../api/audit-log';
import { SearchPage } from '../components/search-page';
import { useListParams } from '../hooks/use-list-params';
import { formatDateTime } from '../lib/format';

const t = adminMessages.audit;

export function Component() {
  const list = useListParams();
  return (
    <SearchPage
      texts={t}
      list={list}
      query={useAuditLog({ search: list.search, pageNumber: list.page })}
      rows={(page) => page.entries}
      head={[t.at, t.actor, t.action, t.target, t.summary]}
    >
      {(entry) => (
        <tr key={entry.id}>
          <th scope="row" className="font-normal whitespace-nowrap">
            {formatDateTime(entry.at)}
          </th>
          <td>{entry.actor.name}</td>
          <td>{t.actions[entry.action] ?? <bdi dir="ltr">{entry.action}</bdi>}</td>
          <td>
            <bdi dir="ltr">{t.targetValue(entry.targetType, entry.targetId)}</bdi>
          </td>
          <td className="min-w-64 whitespace-normal">{entry.summary}</td>
        </tr>
      )}
    </SearchPage>
  );
}
