// A list screen's results: the loading and error states, an empty message (or 'no matches' when a
// search or filter is on), the table and its pages (the page is in the URL).
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { StateMessage } from '../../../components/ui/state-message';
import { adminMessages } from '../../../i18n/admin';
import type { ListParams } from '../hooks/use-list-params';
import { AdminTable } from './admin-table';
import { QueryState } from './query-state';

export type PagedTableProps<P, R> = {
  query: UseQueryResult<P>;
  list: ListParams;
  rows: (page: P) => R[];
  /** Said when there is nothing at all (no search or filter on). */
  empty: string;
  label: string;
  head: ReactNode[];
  /** One row (a <tr>). */
  children: (row: R) => ReactNode;
};

export function PagedTable<P extends { totalPages: number }, R>({
  query,
  list,
  rows,
  empty,
  label,
  head,
  children,
}: PagedTableProps<P, R>) {
  return (
    <QueryState query={query}>
      {(page) => {
        const items = rows(page);
        if (items.length === 0)
          return <StateMessage title={list.filtered ? adminMessages.common.emptySearch : empty} />;
        return (
          <>
            <AdminTable label={label} head={head}>
              {items.map(children)}
            </AdminTable>
            <Pagination page={list.page} totalPages={page.totalPages} hrefFor={list.pageHref} />
          </>
        );
      }}
    </QueryState>
  );
}

/** The link of a row's first cell, to the item's own page. */
export function RowLink({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  return (
    <Link to={to} aria-label={label} className="font-bold text-brand-800 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
