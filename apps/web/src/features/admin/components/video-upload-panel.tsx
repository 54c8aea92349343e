// «رفع فيديو» in a saved video lesson's form: the file goes up with tus (resumable after a dropped
// connection or a reload), then the job's state follows. Without ffmpeg on the server the admin is
// told that the operator must install it, instead of an upload button that would fail.
import type { AdminLesson } from '@app/contract';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { adminVideoMessages } from '../../../i18n/admin-video';
import { useVideoSupport } from '../api/lesson-video';
import { useVideoUpload } from '../hooks/use-video-upload';
import { forgetUnfinishedUploads, unfinishedUpload } from '../lib/video-upload';
import { rowButton } from './button-styles';
import { FileField } from './form-controls';
import { PanelSection } from './panel-section';
import { UploadProgress } from './upload-progress';
import { VideoJobState } from './video-job-state';

const t = adminVideoMessages.upload;

export const VIDEO_TYPES = 'video/*,.mp4,.m4v,.mov,.mkv,.webm,.avi,.ts';

function Uploader({ lessonId, maxBytes }: { lessonId: number; maxBytes: number }) {
  const upload = useVideoUpload(lessonId);
  const [error, setError] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState<string | null>(null);
  const idle = upload.state.phase === 'idle' || upload.state.phase === 'done';

  useEffect(() => {
    if (!idle) return;
    let live = true;
    void unfinishedUpload(lessonId).then((name) => {
      if (live) setUnfinished(name);
    });
    return () => {
      live = false;
    };
  }, [lessonId, idle]);

  if (!idle) return <UploadProgress upload={upload} />;
  return (
    <div className="space-y-2">
      {upload.state.phase === 'done' ? <Alert tone="success">{t.done}</Alert> : null}
      {unfinished !== null ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="min-w-0 flex-1">{t.unfinished(unfinished)}</p>
          <button
            type="button"
            className={rowButton()}
            onClick={() => void forgetUnfinishedUploads(lessonId).then(() => setUnfinished(null))}
          >
            {t.forget}
          </button>
        </div>
      ) : null}
      <FileField
        label={t.fileLabel}
        accept={VIDEO_TYPES}
        hint={t.fileHint(maxBytes)}
        error={error ?? undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          if (file.size > maxBytes) {
            setError(t.tooLarge(maxBytes));
            return;
          }
          setError(null);
          upload.start(file);
        }}
      />
    </div>
  );
}

export function VideoUploadPanel({ lesson }: { lesson: AdminLesson | null }) {
  const lessonId = lesson?.id ?? null;
  const support = useVideoSupport(lessonId !== null);
  let body;
  if (lessonId === null) body = <Alert tone="info">{t.saveFirst}</Alert>;
  else if (support.isPending) body = null;
  else if (support.isError) body = <Alert tone="error">{t.supportFailed}</Alert>;
  else if (!support.data.ffmpeg) body = <Alert tone="warning">{t.noFfmpeg}</Alert>;
  else body = <Uploader lessonId={lessonId} maxBytes={support.data.maxUploadBytes} />;
  return (
    <PanelSection title={t.title} intro={t.intro}>
      {body}
      {lesson ? <VideoJobState lessonId={lesson.id} initial={lesson.video} /> : null}
    </PanelSection>
  );
}
