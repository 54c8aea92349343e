// One quiz's results: each student's score (marked when the student's app graded it), when they
// started and submitted and how long it took, the average, search, paging and the CSV export.
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { exportQuizResultsCsv, useQuizResults, useQuizSummary } from '../api/quiz-results';
import { useListParams } from '../hooks/use-list-params';
import { formatDateTime, formatDuration, formatScore } from '../lib/format';
import { Ltr } from './admin-table';
import { BackLink } from './back-link';
import { DownloadButton } from './download-button';
import { PagedTable } from './paged-table';
import { SearchForm } from './search-form';

const t = adminMessages.quizResults;

export function QuizResultsTable({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const list = useListParams();
  const query = useQuizResults({ lessonId, search: list.search, pageNumber: list.page });
  const summary = useQuizSummary(courseId);
  const listed = summary.data?.quizzes.find((quiz) => quiz.lessonId === lessonId)?.lessonName;
  const quizName = listed ?? query.data?.results[0]?.lessonName ?? '';
  return (
    <section aria-labelledby="results-heading" className="space-y-3">
      <BackLink to={paths.adminQuizResults.getHref({ courseId })}>{t.backToSummary}</BackLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="results-heading" className="text-xl font-extrabold text-slate-900">
            {t.results(quizName)}
          </h2>
          {query.data ? (
            <p className="text-slate-700">{t.resultsAverage(formatScore(query.data.averageScore))}</p>
          ) : null}
        </div>
        <DownloadButton download={() => exportQuizResultsCsv(lessonId)} />
      </div>
      <SearchForm label={t.searchLabel} name={t.results(quizName)} list={list} />
      <PagedTable
        query={query}
        list={list}
        rows={(page) => page.results}
        empty={t.noResults}
        label={t.results(quizName)}
        head={[t.student, t.score, t.correct, t.startedAt, t.submittedAt, t.duration]}
      >
        {(result) => (
          <tr key={result.id}>
            <th scope="row">
              <span className="block font-semibold">{result.student.name}</span>
              <span className="block text-slate-600">
                <Ltr>{result.student.email}</Ltr>
              </span>
            </th>
            <td>
              {formatScore(result.score)}
              {result.clientGraded ? (
                <Badge tone="warning" className="ms-2">
                  <span title={t.gradedByClientHint}>{t.gradedByClient}</span>
                </Badge>
              ) : null}
            </td>
            <td>{t.correctValue(result.correctCount, result.total)}</td>
            <td>{formatDateTime(result.startedAt)}</td>
            <td>{formatDateTime(result.submittedAt)}</td>
            <td>{formatDuration(result.durationSeconds)}</td>
          </tr>
        )}
      </PagedTable>
    </section>
  );
}
