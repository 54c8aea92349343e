// The link to join the live session, shown with every video that is not on YouTube (spec). It opens
// the lesson's own live session, else the media delivery host's page; with neither it is greyed out,
// titled 'not available', as the spec greys out a missing link.
import { playerMessages } from '../../../../i18n/player';
import { BroadcastIcon } from '../icons';

const t = playerMessages.video;

export function LiveBanner({ href }: { href: string | null }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-rose-200 bg-rose-50 px-4 py-2 text-sm text-rose-900">
      <span className="flex items-center gap-2">
        <BroadcastIcon className="size-5 text-rose-700" />
        {href ? t.liveSessionHint : t.noLiveSession}
      </span>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-10 items-center rounded-lg bg-rose-700 px-3 font-semibold text-white hover:bg-rose-800"
        >
          {t.liveSession}
        </a>
      ) : (
        <span
          aria-disabled="true"
          title={t.liveSessionUnavailable}
          className="inline-flex min-h-10 cursor-not-allowed items-center rounded-lg bg-slate-200 px-3 font-semibold text-slate-500"
        >
          {t.liveSession}
        </span>
      )}
    </div>
  );
}
