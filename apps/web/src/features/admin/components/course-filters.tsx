// The course list's search and its grade, term and status filters (a filter applies at once).
import { TERMS, termLabelAr } from '@app/domain';
import { SelectField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import type { ListParams } from '../hooks/use-list-params';
import { GradeOptions, StatusOptions, filterSelect } from './catalogue-options';
import { SearchForm } from './search-form';

const t = adminMessages.courses;

export function CourseFilters({ list }: { list: ListParams }) {
  return (
    <SearchForm label={t.searchLabel} name={t.filters} list={list}>
      <SelectField label={t.grade} {...filterSelect(list, 'grade')}>
        <GradeOptions empty={t.allGrades} />
      </SelectField>
      <SelectField label={t.term} {...filterSelect(list, 'term')}>
        <option value="">{t.allTerms}</option>
        {TERMS.map((term) => (
          <option key={term} value={term}>
            {termLabelAr(term)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t.status} {...filterSelect(list, 'active')}>
        <StatusOptions texts={t} />
      </SelectField>
    </SearchForm>
  );
}
