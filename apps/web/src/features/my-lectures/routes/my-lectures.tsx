// Spec (my lectures): heading, search, grade and term filters, refresh, 'showing x of y units', a
// grid of unit cards (6 placeholders while loading), empty / no-results / error states and a
// pagination bar when there is more than one page.
import { DocumentTitle } from '../../../components/ui/document-title';
import { toArabicDigits } from '@app/domain';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Pagination, pageLink, readPage } from '../../../components/ui/pagination';
import { SkeletonGrid } from '../../../components/ui/skeleton-card';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { useMyUnits, useRefreshMyUnits } from '../api/get-my-units';
import { LectureFilters } from '../components/lecture-filters';
import { UNIT_CODE_BOX_HREF, UnitCard } from '../components/unit-card';
import {
  filterUnits,
  isFiltering,
  NO_FILTERS,
  readFilters,
  writeFilters,
  type UnitFilters,
} from '../filter-units';

/** Typing pauses this long before the search goes to the URL and the server. */
const SEARCH_DELAY_MS = 300;

const t = catalogueMessages.myLectures;

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

export function Component() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  // The URL holds the filters the server applies; the box shows what is typed meanwhile.
  const applied = readFilters(params);
  const [typed, setTyped] = useState(applied.search);
  const filters: UnitFilters = { ...applied, search: typed };
  const apply = (next: UnitFilters) => setParams((current) => writeFilters(current, next), { replace: true });
  useEffect(() => {
    if (typed === applied.search) return;
    const timer = setTimeout(
      () =>
        setParams((current) => writeFilters(current, { ...readFilters(current), search: typed }), {
          replace: true,
        }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, applied.search, setParams]);
  const query = useMyUnits(page, applied);
  const refresh = useRefreshMyUnits();
  const refreshing = query.isFetching && !query.isPending;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DocumentTitle screen={t.title} />
      <h1 className="text-2xl font-extrabold text-slate-900 md:text-3xl">{t.title}</h1>
      <p className="mt-2 text-slate-700">{t.subtitle}</p>
      <div className="mt-6">
        <LectureFilters
          filters={filters}
          onChange={(next) => {
            setTyped(next.search);
            if (next.grade !== applied.grade || next.term !== applied.term) apply(next);
          }}
          onRefresh={() => void refresh()}
          refreshing={refreshing}
        />
      </div>
      <div className="mt-6">
        {query.isPending ? (
          <SkeletonGrid label={t.loading} media={false} className={GRID} />
        ) : query.isError ? (
          <StateMessage
            tone="error"
            title={t.error}
            action={
              <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
                {catalogueMessages.common.retry}
              </Button>
            }
          />
        ) : (
          <Units
            data={query.data}
            page={page}
            filters={applied}
            search={params}
            onClearFilters={() => {
              setTyped('');
              apply(NO_FILTERS);
            }}
          />
        )}
      </div>
    </div>
  );
}

function Units({
  data,
  page,
  filters,
  search,
  onClearFilters,
}: {
  data: NonNullable<ReturnType<typeof useMyUnits>['data']>;
  page: number;
  filters: UnitFilters;
  search: URLSearchParams;
  onClearFilters: () => void;
}) {
  const shown = filterUnits(data.units, filters);
  // The cards' windows are judged at one instant, taken when this page of units arrived.
  const [now] = useState(() => new Date());
  const pagination = (
    <Pagination
      page={page}
      totalPages={data.totalPages}
      hrefFor={(target) => withFilters(pageLink(paths.myLectures.getHref(), target), search)}
    />
  );
  if (data.units.length === 0 && data.totalCount === 0 && !isFiltering(filters))
    return (
      <StateMessage
        title={t.empty}
        action={
          <Link to={UNIT_CODE_BOX_HREF} className={buttonClass('primary')}>
            {t.enterCode}
          </Link>
        }
      >
        {t.emptyHint}
      </StateMessage>
    );
  return (
    <>
      <p role="status" className="mb-4 font-semibold text-slate-700">
        {t.count(toArabicDigits(shown.length), toArabicDigits(data.totalCount))}
      </p>
      {shown.length === 0 ? (
        <StateMessage
          title={t.noResults}
          action={
            isFiltering(filters) ? (
              <Button variant="secondary" onClick={onClearFilters}>
                {t.clearFilters}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className={GRID}>
          {shown.map((unit) => (
            <li key={unit.unitId}>
              <UnitCard unit={unit} now={now} />
            </li>
          ))}
        </ul>
      )}
      {shown.length === 0 ? null : pagination}
    </>
  );
}

/** A page link that keeps the search and filters in the URL. */
function withFilters(to: ReturnType<typeof pageLink>, current: URLSearchParams) {
  const next = new URLSearchParams(typeof to === 'string' ? '' : to.search);
  for (const key of ['search', 'grade', 'term']) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  const query = next.toString();
  return { ...(typeof to === 'string' ? { pathname: to } : to), search: query ? `?${query}` : '' };
}
