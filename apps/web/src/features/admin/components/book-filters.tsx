// The book list's search and its grade and status filters (a filter applies at once).
import { SelectField } from '../../../components/ui/field';
import { adminBookMessages as t } from '../../../i18n/admin-books';
import type { ListParams } from '../hooks/use-list-params';
import { GradeOptions, StatusOptions, filterSelect } from './catalogue-options';
import { SearchForm } from './search-form';

export function BookFilters({ list }: { list: ListParams }) {
  return (
    <SearchForm label={t.searchLabel} name={t.filters} list={list}>
      <SelectField label={t.grade} {...filterSelect(list, 'grade')}>
        <GradeOptions empty={t.allGrades} />
      </SelectField>
      <SelectField label={t.status} {...filterSelect(list, 'active')}>
        <StatusOptions texts={t} />
      </SelectField>
    </SearchForm>
  );
}
