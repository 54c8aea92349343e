// A video lesson: the player the URL calls for, the moving watermark, and the two ways to complete
// it — 'Complete & Continue' once more than 90 % is played, and 'I enjoyed the lecture' at any time.
import { canCompleteVideo } from '@app/domain';
import { useCallback, useMemo, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { playerMessages } from '../../../../i18n/player';
import { useAuth } from '../../../auth/hooks/use-auth';
import type { VideoLessonContent } from '../../api/lesson-content';
import { connectPlayerJs } from '../../lib/player-js-adapter';
import { classifyVideoUrl } from '../../lib/video-source';
import { connectYouTube } from '../../lib/youtube-adapter';
import { EmbedPlayer } from './embed-player';
import { LiveBanner } from './live-banner';
import { NativePlayer } from './native-player';
import { Watermark, type WatermarkMode } from './watermark';

const t = playerMessages.video;

export type CompleteVia = 'complete' | 'enjoyed';

type Props = {
  content: VideoLessonContent;
  mode: WatermarkMode;
  isLast: boolean;
  onComplete: (via: CompleteVia) => Promise<void>;
};

export function VideoLesson({ content, mode, isLast, onComplete }: Props) {
  const { user } = useAuth();
  // An uploaded video's stream first (decision 0012); else the URL decides.
  const source = useMemo(() => {
    if (content.hlsUrl) return { kind: 'hls' as const, url: content.hlsUrl };
    return content.videoUrl ? classifyVideoUrl(content.videoUrl, window.location.origin) : null;
  }, [content.hlsUrl, content.videoUrl]);
  const [played, setPlayed] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);

  // The furthest point reached counts, so seeking back does not hide the button again.
  const onTime = useCallback((seconds: number, duration: number | null) => {
    if (duration && duration > 0)
      setPlayed((previous) => Math.max(previous, Math.min(1, seconds / duration)));
  }, []);

  const complete = async (via: CompleteVia) => {
    if (busy || done) return;
    setBusy(true);
    setFailed(false);
    try {
      await onComplete(via);
      setDone(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const watermark = user?.phoneNumber ? <Watermark text={user.phoneNumber} mode={mode} /> : null;

  let player = (
    <p className="grid aspect-video place-items-center rounded-xl bg-slate-900 px-4 text-center text-white">
      {t.noVideo}
    </p>
  );
  if (source?.kind === 'media-host') {
    player = (
      <EmbedPlayer
        src={source.embedUrl}
        origin={source.origin}
        title={content.lessonName}
        connect={connectPlayerJs}
        watermark={watermark}
        onTime={onTime}
      />
    );
  } else if (source?.kind === 'youtube') {
    player = (
      <EmbedPlayer
        src={source.embedUrl}
        origin={source.origin}
        title={content.lessonName}
        connect={connectYouTube}
        watermark={watermark}
        onTime={onTime}
      />
    );
  } else if (source) {
    player = (
      <NativePlayer
        source={source}
        watermark={watermark}
        onTime={onTime}
        poster={content.posterUrl}
        captions={content.captions}
      />
    );
  }

  return (
    <section aria-labelledby="lesson-title">
      <h1 id="lesson-title" className="mb-3 text-lg font-extrabold text-slate-900 md:text-2xl">
        {content.lessonName}
      </h1>
      {source && source.kind !== 'youtube' ? (
        <LiveBanner href={content.liveSessionUrl ?? (source.kind === 'media-host' ? source.pageUrl : null)} />
      ) : null}
      {player}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canCompleteVideo(played) ? (
          <Button onClick={() => void complete('complete')} disabled={busy || done}>
            {busy ? t.completing : isLast ? t.completeLesson : t.completeAndContinue}
          </Button>
        ) : null}
        <Button variant="success" onClick={() => void complete('enjoyed')} disabled={busy || done}>
          {t.enjoyed}
        </Button>
        {content.isCompleted ? (
          <span className="text-sm font-semibold text-green-700">{t.completedNote}</span>
        ) : null}
      </div>
      {failed ? (
        <div className="mt-3">
          <Alert tone="error">{t.completeFailed}</Alert>
        </div>
      ) : null}
    </section>
  );
}
