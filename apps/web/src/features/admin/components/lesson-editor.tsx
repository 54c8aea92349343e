// A lesson's form page (video or quiz), new or existing; saving returns to the course editor.
import type { AdminLesson } from '@app/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { BackLink } from './back-link';
import { PageHeader } from './page-header';
import { QuizForm } from './quiz-form';
import { QuizSettingsPanel } from './quiz-settings-panel';
import { VideoLessonForm } from './video-lesson-form';

const t = adminMessages.lessonForm;

export function LessonEditor({
  courseId,
  unitId,
  type,
  lesson,
}: {
  courseId: number;
  unitId: number;
  type: 'Video' | 'Quiz';
  lesson: AdminLesson | null;
}) {
  const navigate = useNavigate();
  const back = paths.adminCourse.getHref(courseId);
  const onSaved = () => void navigate(back);
  const title = lesson ? t.editTitle(lesson.name) : type === 'Video' ? t.newVideo : t.newQuiz;
  return (
    <>
      <PageHeader title={title} before={<BackLink to={back}>{t.back}</BackLink>} />
      {type === 'Video' ? (
        <VideoLessonForm unitId={unitId} lesson={lesson} onSaved={onSaved} />
      ) : (
        <QuizForm unitId={unitId} lesson={lesson} onSaved={onSaved} />
      )}
      {type === 'Quiz' && lesson ? (
        <div className="mt-6">
          <QuizSettingsPanel lessonId={lesson.id} courseId={courseId} />
        </div>
      ) : null}
    </>
  );
}
