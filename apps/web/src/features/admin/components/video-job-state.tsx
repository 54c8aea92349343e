// The uploaded video's job as the server reports it (read again every 2 s while queued or running):
// «في الانتظار», «جارٍ التحويل ٤٢٪», «جاهز», «فشل: <ffmpeg's message>», with retry and cancel, and the
// way back to the video URL when the lesson plays an uploaded video.
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { adminVideoMessages } from '../../../i18n/admin-video';
import { useLessonVideo, useStopUploadedVideo, useVideoJobAction } from '../api/lesson-video';
import type { AdminVideo, LessonVideoState } from '@app/contract';
import { adminKeys } from '../api/keys';
import { adminErrorText } from '../lib/error-text';
import { ConfirmAction } from './confirm-action';
import { ProgressBar } from './progress-bar';

const t = adminVideoMessages.job;

function statusText(video: AdminVideo): string {
  switch (video.status) {
    case 'queued':
      return t.queued;
    case 'running':
      return t.running(video.progress);
    case 'ready':
      return t.ready;
    case 'failed':
      return video.error ? t.failed(video.error) : t.failedUnknown;
    case 'cancelled':
      return t.cancelled;
  }
}

function JobLine({ lessonId, video }: { lessonId: number; video: AdminVideo }) {
  const action = useVideoJobAction();
  const queryClient = useQueryClient();
  const working = video.status === 'queued' || video.status === 'running';
  // A refusal (409: the job moved on meanwhile) reads the state again, so the buttons follow it.
  const run = (kind: 'retry' | 'cancel') =>
    action.mutate(
      { lessonId, videoId: video.id, action: kind },
      { onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.lessonVideo(lessonId) }) },
    );
  return (
    <div className="space-y-2">
      <p
        role="status"
        data-testid="video-job-status"
        className={`font-bold ${video.status === 'failed' ? 'text-red-800' : 'text-slate-900'}`}
        dir="auto"
      >
        {statusText(video)}
      </p>
      {video.status === 'running' ? <ProgressBar label={t.runningLabel} percent={video.progress} /> : null}
      {video.status === 'ready' && video.renditions.length > 0 ? (
        <p className="text-sm text-slate-700">{t.renditions([...video.renditions].sort((a, b) => a - b))}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {working ? (
          <Button variant="secondary" disabled={action.isPending} onClick={() => run('cancel')}>
            {t.cancel}
          </Button>
        ) : null}
        {video.status === 'failed' || video.status === 'cancelled' ? (
          <Button disabled={action.isPending} onClick={() => run('retry')}>
            {t.retry}
          </Button>
        ) : null}
      </div>
      {action.error ? <Alert tone="error">{adminErrorText(action.error, t.conflict)}</Alert> : null}
    </div>
  );
}

export function VideoJobState({ lessonId, initial }: { lessonId: number; initial?: LessonVideoState }) {
  const query = useLessonVideo(lessonId, initial);
  const stop = useStopUploadedVideo();
  if (query.isPending) return null;
  if (query.isError) return <Alert tone="error">{adminErrorText(query.error)}</Alert>;
  const { playing, latest } = query.data;
  const replacing =
    playing !== null && latest !== null && latest.id !== playing.id && latest.status !== 'ready';
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <h3 className="text-sm font-bold text-slate-700">{t.title}</h3>
      {latest ? <JobLine lessonId={lessonId} video={latest} /> : <p className="text-sm">{t.none}</p>}
      {playing ? (
        <div className="space-y-2 border-t border-slate-200 pt-3">
          <p className="text-sm text-slate-800">
            {t.playing} {replacing ? t.playingPrevious : null}
          </p>
          <ConfirmAction
            className={buttonClass('secondary')}
            title={t.stopTitle}
            body={t.stopBody}
            confirmLabel={t.stop}
            pendingLabel={t.stopping}
            action={() => stop.mutateAsync({ lessonId })}
          >
            {t.stop}
          </ConfirmAction>
        </div>
      ) : null}
    </div>
  );
}
