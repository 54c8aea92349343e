// A new video lesson or quiz at the end of a unit.
import { useParams } from 'react-router';
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { LessonEditor } from '../components/lesson-editor';
import { useIdParam } from '../hooks/use-id-param';

export function Component() {
  const courseId = useIdParam('courseId');
  const unitId = useIdParam('unitId');
  const { type } = useParams();
  if (courseId === null || unitId === null || (type !== 'Video' && type !== 'Quiz'))
    return <NotFoundContent />;
  return <LessonEditor courseId={courseId} unitId={unitId} type={type} lesson={null} />;
}
