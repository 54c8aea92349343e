// «إحصاءات الاختبار»: the link to a quiz's statistics, from its lesson's settings and from its results.
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { adminExamMessages } from '../../../i18n/admin-exam';

export function QuizStatsLink({ lessonId }: { lessonId: number }) {
  return (
    <Link
      to={paths.adminQuizStatistics.getHref(lessonId)}
      className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
    >
      {adminExamMessages.settings.statistics}
    </Link>
  );
}
