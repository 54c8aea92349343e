// The statistics screen's summary: how many submitted, their average and, with a pass mark, how many
// passed, in Arabic-Indic digits.
import type { QuizStatistics } from '@app/contract';
import { toArabicDigits } from '@app/domain';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { formatScore } from '../lib/format';

const t = adminExamMessages.statistics;

export function QuizStatsSummary({ stats }: { stats: QuizStatistics }) {
  const items = [
    { label: t.submitted, value: toArabicDigits(stats.submitted) },
    { label: t.average, value: formatScore(stats.averageScore) },
    ...(stats.passedCount === null
      ? []
      : [{ label: t.passed, value: t.passedOf(stats.passedCount, stats.submitted) }]),
  ];
  return (
    <section aria-labelledby="stats-summary">
      <h2 id="stats-summary" className="sr-only">
        {t.summary}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{item.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
