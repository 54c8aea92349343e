// The book list's search and its grade and status filters (a filter applies at once).
import { ALL_GRADES, gradeLabelAr } from '@app/domain';
import { SelectField } from '../../../components/ui/field';
import { adminBookMessages as t } from '../../../i18n/admin-books';
import type { ListParams } from '../hooks/use-list-params';
import { SearchForm } from './search-form';

export function BookFilters({ list }: { list: ListParams }) {
  const select = (name: string) => ({
    value: list.get(name) ?? '',
    onChange: (event: { target: { value: string } }) => list.update({ [name]: event.target.value }),
  });
  return (
    <SearchForm label={t.searchLabel} name={t.filters} list={list}>
      <SelectField label={t.grade} {...select('grade')}>
        <option value="">{t.allGrades}</option>
        {ALL_GRADES.map((grade) => (
          <option key={grade} value={grade}>
            {gradeLabelAr(grade)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t.status} {...select('active')}>
        <option value="">{t.allStatuses}</option>
        <option value="true">{t.active}</option>
        <option value="false">{t.inactive}</option>
      </SelectField>
    </SearchForm>
  );
}
