// The main area for one lesson: its content fetched by id, then the video (with its attachment) or
// the quiz; a lesson the server refuses shows the reason in Arabic.
import { DocumentTitle } from '../../../components/ui/document-title';
import type { LessonRef } from '@app/contract';
import type { QueryKey } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { playerMessages } from '../../../i18n/player';
import { useLessonContent } from '../api/lesson-content';
import { lessonErrorView } from '../lib/lesson-error';
import { AttachmentCard } from './attachment-card';
import { QuizLesson } from './quiz/quiz-lesson';
import { VideoLesson, type CompleteVia } from './video/video-lesson';
import type { WatermarkMode } from './video/watermark';

export type LessonPaneProps = {
  lesson: LessonRef;
  mode: WatermarkMode;
  hasNext: boolean;
  /** Lessons follow this one in its unit. */
  hasLaterInUnit: boolean;
  progressKey: QueryKey;
  onCompleteVideo: (lessonId: number, via: CompleteVia) => Promise<void>;
  onQuizSubmitted: (lessonId: number) => void;
  onQuizFinish: () => void;
  onOpenCurriculum: () => void;
};

export function LessonPane(props: LessonPaneProps) {
  const { lesson } = props;
  const query = useLessonContent(lesson.id, true);
  const title = <DocumentTitle screen={lesson.lessonName} />;

  if (query.isPending) {
    return (
      <div className="grid min-h-64 place-items-center">
        {title}
        <Spinner label={playerMessages.lessonErrors.loading} />
      </div>
    );
  }
  if (query.isError) {
    const view = lessonErrorView(query.error);
    return (
      <div className="space-y-3">
        {title}
        <h1 className="text-lg font-extrabold text-slate-900">{lesson.lessonName}</h1>
        <Alert tone="error">
          <p>{view.message}</p>
          {view.retryable ? (
            <Button variant="danger" className="mt-3" onClick={() => void query.refetch()}>
              {playerMessages.lessonErrors.retry}
            </Button>
          ) : null}
        </Alert>
      </div>
    );
  }

  const content = query.data;
  if (content.type === 'Quiz') {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-8">
        {title}
        <QuizLesson
          key={content.id}
          content={content}
          progressKey={props.progressKey}
          hasNext={props.hasNext}
          hasLaterInUnit={props.hasLaterInUnit}
          onSubmitted={props.onQuizSubmitted}
          onFinish={props.onQuizFinish}
          onCurriculum={props.onOpenCurriculum}
        />
      </div>
    );
  }
  return (
    <>
      {title}
      <VideoLesson
        key={content.id}
        content={content}
        mode={props.mode}
        isLast={!props.hasNext}
        onComplete={(via) => props.onCompleteVideo(content.id, via)}
      />
      {content.attachmentUrl ? (
        <AttachmentCard url={content.attachmentUrl} title={content.attachmentTitle} />
      ) : null}
    </>
  );
}
