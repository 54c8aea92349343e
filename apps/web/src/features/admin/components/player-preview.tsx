// Which player a lesson's video URL will get, decided by the player's own classifier
// (features/player), so the preview can never disagree with what students see.
import { adminMessages } from '../../../i18n/admin';
import { classifyVideoUrl } from '../../player/lib/video-source';

const t = adminMessages.lessonForm;

export function PlayerPreview({ url }: { url: string }) {
  const text = url.trim() ? t.player[classifyVideoUrl(url, window.location.origin).kind] : t.playerEmpty;
  return (
    <p aria-live="polite" className="mt-1 rounded-lg bg-sky-50 px-3 py-2 text-sm font-semibold text-sky-900">
      {text}
    </p>
  );
}
