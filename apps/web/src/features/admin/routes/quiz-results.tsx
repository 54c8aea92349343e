// Quiz results: choose a course → its quizzes with attempts and average → one quiz's results (search,
// paging, CSV). The course and quiz are in the URL.
import { useSearchParams } from 'react-router';
import { adminMessages } from '../../../i18n/admin';
import { CourseSelect } from '../components/course-select';
import { PageHeader } from '../components/page-header';
import { QuizResultsTable } from '../components/quiz-results-table';
import { QuizStatsLink } from '../components/quiz-stats-link';
import { QuizSummaryTable } from '../components/quiz-summary-table';

const t = adminMessages.quizResults;

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function Component() {
  const [params, setParams] = useSearchParams();
  const courseId = idOf(params.get('courseId'));
  const lessonId = idOf(params.get('lessonId'));
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="mb-6 max-w-md">
        <CourseSelect
          label={t.course}
          value={courseId ?? ''}
          onChange={(event) => {
            const next = idOf(event.target.value);
            setParams(new URLSearchParams(next ? { courseId: String(next) } : {}));
          }}
        />
      </div>
      {courseId === null ? null : lessonId === null ? (
        <QuizSummaryTable courseId={courseId} />
      ) : (
        <>
          <QuizStatsLink lessonId={lessonId} />
          <QuizResultsTable courseId={courseId} lessonId={lessonId} />
        </>
      )}
    </>
  );
}
