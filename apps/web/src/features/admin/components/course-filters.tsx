// The course list's search and its grade, term and status filters (a filter applies at once).
import { ALL_GRADES, TERMS, gradeLabelAr, termLabelAr } from '@app/domain';
import { SelectField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import type { useListParams } from '../hooks/use-list-params';
import { SearchForm } from './search-form';

const t = adminMessages.courses;

export function CourseFilters({ list }: { list: ReturnType<typeof useListParams> }) {
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
      <SelectField label={t.term} {...select('term')}>
        <option value="">{t.allTerms}</option>
        {TERMS.map((term) => (
          <option key={term} value={term}>
            {termLabelAr(term)}
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
