// How the counted scores spread over bands of ten: a bar per band drawn with CSS (each band's label
// and count are text, so the list reads out whole), and the same numbers as a table on request.
import type { QuizStatistics } from '@app/contract';
import { toArabicDigits } from '@app/domain';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { AdminTable } from './admin-table';
import { StatsBar } from './quiz-stats-bar';

const t = adminExamMessages.statistics;

export function QuizStatsDistribution({ stats }: { stats: QuizStatistics }) {
  const bands = stats.distribution;
  const most = Math.max(1, ...bands.map((band) => band.count));
  return (
    <section aria-labelledby="stats-distribution" className="space-y-3">
      <h2 id="stats-distribution" className="text-lg font-extrabold text-slate-900">
        {t.distribution}
      </h2>
      <p className="text-sm text-slate-600">{t.distributionHint}</p>
      {stats.submitted === 0 ? (
        <p className="text-slate-700">{t.noSubmissions}</p>
      ) : (
        <>
          <ul
            aria-label={t.distribution}
            className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
          >
            {bands.map((band) => (
              <li key={band.from} className="flex items-center gap-3">
                <span className="w-20 shrink-0 text-sm font-semibold text-slate-800">
                  {t.band(band.from, band.to)}
                </span>
                <StatsBar percent={(100 * band.count) / most} />
                <span className="w-10 shrink-0 text-end font-bold text-slate-900 tabular-nums">
                  {toArabicDigits(band.count)}
                </span>
              </li>
            ))}
          </ul>
          <details className="rounded-xl">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
              {t.asTable}
            </summary>
            <AdminTable label={t.distribution} head={[t.band100, t.students]}>
              {bands.map((band) => (
                <tr key={band.from}>
                  <th scope="row">{t.band(band.from, band.to)}</th>
                  <td>{toArabicDigits(band.count)}</td>
                </tr>
              ))}
            </AdminTable>
          </details>
        </>
      )}
    </section>
  );
}
