// Search box, grade and term filters and the refresh button of 'my lectures'.
import { gradeLabelAr, termLabelAr } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { catalogueMessages } from '../../../i18n/catalogue';
import {
  GRADE_FILTERS,
  TERM_FILTERS,
  type GradeFilter,
  type TermFilter,
  type UnitFilters,
} from '../filter-units';

const t = catalogueMessages.myLectures;

export function LectureFilters({
  filters,
  onChange,
  onRefresh,
  refreshing,
}: {
  filters: UnitFilters;
  onChange: (filters: UnitFilters) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <div className="grid grid-cols-2 items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
      <div className="col-span-2 md:col-span-1">
        <TextField
          label={t.search}
          type="search"
          value={filters.search}
          placeholder={t.searchPlaceholder}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </div>
      <SelectField
        label={t.grade}
        value={filters.grade}
        onChange={(event) => onChange({ ...filters, grade: event.target.value as GradeFilter })}
      >
        {GRADE_FILTERS.map((grade) => (
          <option key={grade} value={grade}>
            {grade === 'all' ? t.all : gradeLabelAr(grade)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.term}
        value={filters.term}
        onChange={(event) => onChange({ ...filters, term: event.target.value as TermFilter })}
      >
        {TERM_FILTERS.map((term) => (
          <option key={term} value={term}>
            {term === 'all' ? t.all : termLabelAr(term)}
          </option>
        ))}
      </SelectField>
      <Button
        variant="secondary"
        className="col-span-2 md:col-span-1"
        onClick={onRefresh}
        disabled={refreshing}
        aria-busy={refreshing || undefined}
      >
        <svg
          viewBox="0 0 24 24"
          className={`size-5 ${refreshing ? 'animate-spin' : ''}`}
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
        </svg>
        {refreshing ? t.refreshing : t.refresh}
      </Button>
    </div>
  );
}
