// A video upload under way: the file, the bar with its percentage, and what the admin can do — cancel
// it, or resume it after a failure (a dropped connection resumes by itself when the browser is back
// online).
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { adminVideoMessages } from '../../../i18n/admin-video';
import type { useVideoUpload } from '../hooks/use-video-upload';
import { ProgressBar } from './progress-bar';

const t = adminVideoMessages.upload;

export function UploadProgress({ upload }: { upload: ReturnType<typeof useVideoUpload> }) {
  const { state } = upload;
  if (state.phase === 'idle' || state.phase === 'done') return null;
  const percent = state.total > 0 ? (state.sent / state.total) * 100 : 0;
  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold text-slate-800" dir="auto">
        {t.uploading(state.fileName)}
      </p>
      <ProgressBar label={t.progressLabel} percent={percent} />
      <p className="text-sm text-slate-600">{t.sentOf(state.sent, state.total)}</p>
      {state.phase === 'offline' ? <Alert tone="warning">{t.offline}</Alert> : null}
      {state.phase === 'failed' ? <Alert tone="error">{t.failures[state.failure]}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {state.phase === 'offline' ||
        (state.phase === 'failed' && (state.failure === 'network' || state.failure === 'other')) ? (
          <Button onClick={upload.resume}>{t.resume}</Button>
        ) : null}
        {state.phase === 'failed' && state.failure !== 'network' && state.failure !== 'other' ? (
          <Button variant="secondary" onClick={upload.clear}>
            {t.choose}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void upload.cancel()}>
          {t.cancelUpload}
        </Button>
      </div>
    </div>
  );
}
