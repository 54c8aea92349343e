// /course-player/:courseId (protected, outside the site layout).
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { playerMessages } from '../../../i18n/player';
import { ApiError } from '../../../lib/api-client';
import { useParams } from 'react-router';
import { useCourseProgress } from '../api/course-progress';
import { CoursePlayer } from '../components/course-player';
import { UnavailableScreen } from '../components/unavailable-screen';
import { parseRouteId } from '../lib/route-id';

const t = playerMessages.courseNotFound;

export function Component() {
  const courseId = parseRouteId(useParams().courseId);
  return courseId === null ? <CourseNotFound /> : <CoursePlayerRoute key={courseId} courseId={courseId} />;
}

function CourseNotFound() {
  return (
    <UnavailableScreen
      title={t.title}
      body={t.body}
      actionHref={paths.enrolledCourses.getHref()}
      actionLabel={t.back}
    />
  );
}

function CoursePlayerRoute({ courseId }: { courseId: number }) {
  const query = useCourseProgress(courseId);
  if (query.isPending) return <Spinner fullPage label={t.loading} />;
  if (query.isError) {
    const { error } = query;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      return <CourseNotFound />;
    return (
      <UnavailableScreen
        title={t.loadFailed}
        actionHref={paths.enrolledCourses.getHref()}
        actionLabel={t.back}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <CoursePlayer course={query.data} />;
}
