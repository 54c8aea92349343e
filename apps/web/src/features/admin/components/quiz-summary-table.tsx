// A course's quizzes: how many attempts each had and their average score.
import { Link } from 'react-router';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { useQuizSummary } from '../api/quiz-results';
import { formatScore } from '../lib/format';
import { AdminTable } from './admin-table';
import { QueryState } from './query-state';

const t = adminMessages.quizResults;

export function QuizSummaryTable({ courseId }: { courseId: number }) {
  const query = useQuizSummary(courseId);
  return (
    <QueryState query={query}>
      {(summary) => (
        <section aria-labelledby="summary-heading" className="space-y-3">
          <h2 id="summary-heading" className="text-xl font-extrabold text-slate-900">
            {t.summary(summary.courseName)}
          </h2>
          {summary.quizzes.length === 0 ? (
            <StateMessage title={t.noQuizzes} />
          ) : (
            <AdminTable label={t.summary(summary.courseName)} head={[t.quiz, t.unit, t.attempts, t.average]}>
              {summary.quizzes.map((quiz) => (
                <tr key={quiz.lessonId}>
                  <th scope="row">
                    <Link
                      to={paths.adminQuizResults.getHref({ courseId, lessonId: quiz.lessonId })}
                      aria-label={t.showResults(quiz.lessonName)}
                      className="font-bold text-brand-800 underline-offset-4 hover:underline"
                    >
                      {quiz.lessonName}
                    </Link>
                  </th>
                  <td>{quiz.unitName}</td>
                  <td>{adminMessages.common.count(quiz.attempts)}</td>
                  <td>{quiz.averageScore === null ? t.noAverage : formatScore(quiz.averageScore)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </section>
      )}
    </QueryState>
  );
}
