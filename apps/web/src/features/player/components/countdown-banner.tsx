// A time-limited course counts down to the end of the open unit's window, every second, in
// Arabic-Indic digits (days and hours, hours, minutes, less than a minute, ended).
import { formatCountdown } from '@app/domain';
import { playerMessages } from '../../../i18n/player';
import { useNow } from '../hooks/use-now';

const URGENT_MS = 2 * 24 * 60 * 60 * 1000;

export function CountdownBanner({ endsAt }: { endsAt: Date }) {
  const now = useNow(1000);
  const remaining = endsAt.getTime() - now.getTime();
  const urgent = remaining <= URGENT_MS;
  return (
    <div
      role="timer"
      aria-live="off"
      className={`mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border px-4 py-3 text-sm ${
        urgent ? 'border-orange-300 bg-orange-50 text-orange-900' : 'border-sky-200 bg-sky-50 text-sky-900'
      }`}
    >
      <span>{playerMessages.countdown.label}</span>
      <strong className="text-base" data-testid="countdown">
        {formatCountdown(remaining)}
      </strong>
    </div>
  );
}
