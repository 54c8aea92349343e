// The question bank's search and its topic and difficulty filters (a filter applies at once; all
// three live in the URL with the page).
import { DIFFICULTIES, type BankTopic } from '@app/contract';
import { SelectField } from '../../../components/ui/field';
import { adminBankMessages as t } from '../../../i18n/admin-bank';
import type { ListParams } from '../hooks/use-list-params';
import { filterSelect } from './catalogue-options';
import { SearchForm } from './search-form';

export function BankFilters({ list, topics }: { list: ListParams; topics: BankTopic[] }) {
  return (
    <SearchForm label={t.searchLabel} name={t.filters} list={list}>
      <SelectField label={t.topic} {...filterSelect(list, 'topic')}>
        <option value="">{t.allTopics}</option>
        {topics
          .filter(({ topic }) => topic !== '')
          .map(({ topic }) => (
            <option key={topic} value={topic}>
              {topic}
            </option>
          ))}
      </SelectField>
      <SelectField label={t.difficulty} {...filterSelect(list, 'difficulty')}>
        <option value="">{t.allDifficulties}</option>
        {DIFFICULTIES.map((difficulty) => (
          <option key={difficulty} value={difficulty}>
            {t.difficultyName[difficulty]}
          </option>
        ))}
      </SelectField>
    </SearchForm>
  );
}
