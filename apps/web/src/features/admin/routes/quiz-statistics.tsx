// «إحصاءات الاختبار» of one quiz (decision 0013): the summary, the score distribution, each
// question's share of correct answers and its most chosen wrong answer, the students who have not
// attempted it, and the CSV export.
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { paths } from '../../../config/paths';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { exportQuizStatisticsCsv, useQuizStatistics } from '../api/quiz-statistics';
import { BackLink } from '../components/back-link';
import { DownloadButton } from '../components/download-button';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { QuizStatsDistribution } from '../components/quiz-stats-distribution';
import { QuizStatsStudents } from '../components/quiz-stats-students';
import { QuizStatsQuestions } from '../components/quiz-stats-questions';
import { QuizStatsSummary } from '../components/quiz-stats-summary';
import { useIdParam } from '../hooks/use-id-param';

const t = adminExamMessages.statistics;

export function Component() {
  const id = useIdParam('lessonId');
  return id === null ? <NotFoundContent /> : <QuizStatisticsScreen lessonId={id} />;
}

function QuizStatisticsScreen({ lessonId }: { lessonId: number }) {
  const query = useQuizStatistics(lessonId);
  return (
    <QueryState query={query}>
      {(stats) => (
        <>
          <PageHeader
            title={t.title(stats.lessonName)}
            before={<BackLink to={paths.adminLesson.getHref(lessonId)}>{t.back}</BackLink>}
            actions={<DownloadButton label={t.export} download={() => exportQuizStatisticsCsv(lessonId)} />}
          />
          <div className="space-y-8">
            <QuizStatsSummary stats={stats} />
            <QuizStatsDistribution stats={stats} />
            <QuizStatsQuestions stats={stats} />
            <QuizStatsStudents stats={stats} />
          </div>
        </>
      )}
    </QueryState>
  );
}
