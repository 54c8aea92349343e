// The link to join the live session, shown with the media delivery host's player.
import { playerMessages } from '../../../../i18n/player';
import { BroadcastIcon } from '../icons';

export function LiveBanner({ href }: { href: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-rose-200 bg-rose-50 px-4 py-2 text-sm text-rose-900">
      <span className="flex items-center gap-2">
        <BroadcastIcon className="size-5 text-rose-700" />
        {playerMessages.video.liveSessionHint}
      </span>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-10 items-center rounded-lg bg-rose-700 px-3 font-semibold text-white hover:bg-rose-800"
      >
        {playerMessages.video.liveSession}
      </a>
    </div>
  );
}
