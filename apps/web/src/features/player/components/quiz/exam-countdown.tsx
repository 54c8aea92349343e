// An exam attempt's time left, in a bar fixed to the foot of the screen: mm:ss in Arabic-Indic digits
// (role=timer, not read out each second), the minutes left announced politely as each minute passes,
// a warning style and one alert at the last minute, and 'time is up' at zero.
import { examMessages as t } from '../../lib/exam-messages';
import { formatExamClock } from '../../lib/exam-time';

const MINUTE_MS = 60_000;

export function ExamCountdown({ msLeft }: { msLeft: number }) {
  const over = msLeft <= 0;
  const lastMinute = !over && msLeft <= MINUTE_MS;
  const tone =
    over || lastMinute ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900';
  return (
    <div
      data-testid="exam-countdown"
      data-state={over ? 'over' : lastMinute ? 'warning' : 'running'}
      className={`fixed inset-x-0 bottom-0 z-30 border-t shadow-[0_-2px_8px_rgba(0,0,0,0.06)] ${tone}`}
    >
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
        <span className="text-sm font-semibold">{t.timeLeft}</span>
        {lastMinute ? (
          <p role="alert" className="text-sm font-bold">
            {t.lastMinute}
          </p>
        ) : null}
        <strong role="timer" aria-label={t.timeLeft} className="text-xl font-extrabold tabular-nums">
          {over ? t.timeUp : <span dir="ltr">{formatExamClock(msLeft)}</span>}
        </strong>
      </div>
      <p className="sr-only" aria-live="polite">
        {over ? t.timeUp : lastMinute ? '' : t.minutesLeft(Math.ceil(msLeft / MINUTE_MS))}
      </p>
    </div>
  );
}
