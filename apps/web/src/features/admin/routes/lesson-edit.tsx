// An existing lesson, loaded with everything its form edits (answers with the correct one marked).
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { useAdminLesson } from '../api/lessons';
import { LessonEditor } from '../components/lesson-editor';
import { QueryState } from '../components/query-state';
import { useIdParam } from '../hooks/use-id-param';

export function Component() {
  const id = useIdParam('lessonId');
  return id === null ? <NotFoundContent /> : <LessonLoader id={id} />;
}

function LessonLoader({ id }: { id: number }) {
  const query = useAdminLesson(id);
  return (
    <QueryState query={query}>
      {(lesson) => (
        <LessonEditor courseId={lesson.courseId} unitId={lesson.unitId} type={lesson.type} lesson={lesson} />
      )}
    </QueryState>
  );
}
