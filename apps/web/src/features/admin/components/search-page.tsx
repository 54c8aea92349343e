// A whole search screen: its title, the search box and the paged results table.
import { adminMessages } from '../../../i18n/admin';
import { PageHeader } from './page-header';
import { PagedTable, type PagedTableProps } from './paged-table';
import { SearchForm } from './search-form';

type Texts = { title: string; subtitle: string; searchLabel: string; empty: string };

export function SearchPage<P extends { totalPages: number }, R>({
  texts,
  ...table
}: { texts: Texts } & Omit<PagedTableProps<P, R>, 'label' | 'empty'>) {
  return (
    <>
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <SearchForm label={texts.searchLabel} name={texts.title} list={table.list} />
      <PagedTable label={adminMessages.common.tableLabel(texts.title)} empty={texts.empty} {...table} />
    </>
  );
}
