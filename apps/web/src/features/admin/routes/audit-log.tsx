// The audit log: every admin action with who did it and when, newest first; search and paging.
import { adminMessages } from '../../../i18n/admin';
import { useAuditLog } from '../api/audit-log';
import { SearchPage } from '../components/search-page';
import { useListParams } from '../hooks/use-list-params';
import { formatDateTime } from '../lib/format';

const t = adminMessages.audit;

/** The Arabic name of an action or target type, or undefined for one this build does not know. */
const named = (names: Record<string, string>, key: string): string | undefined =>
  Object.hasOwn(names, key) ? names[key] : undefined;

export function Component() {
  const list = useListParams();
  return (
    <SearchPage
      texts={t}
      list={list}
      query={useAuditLog({ search: list.search, pageNumber: list.page })}
      rows={(page) => page.entries}
      head={[t.action, t.summary, t.actor, t.at, t.target]}
    >
      {(entry) => (
        <tr key={entry.id}>
          <th scope="row" className="font-semibold">
            {named(t.actions, entry.action) ?? <bdi dir="ltr">{entry.action}</bdi>}
          </th>
          {/* A table cell's max-width is not honoured: the block inside it wraps long sentences, so the
              other columns stay in view on a laptop. */}
          <td dir="auto">
            <div className="min-w-64 max-w-md whitespace-normal">{entry.summary}</div>
          </td>
          <td>{entry.actor.name}</td>
          <td className="whitespace-nowrap">{formatDateTime(entry.at)}</td>
          <td>{t.targetValue(named(t.targetTypes, entry.targetType) ?? entry.targetType, entry.targetId)}</td>
        </tr>
      )}
    </SearchPage>
  );
}
