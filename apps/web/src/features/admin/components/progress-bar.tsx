// A labelled progress bar for the video's upload and its conversion: the percentage is read out and
// shown in Arabic-Indic digits.
import { adminVideoMessages } from '../../../i18n/admin-video';

export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  const text = adminVideoMessages.upload.percent(value);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-3 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <span aria-hidden="true" className="shrink-0 text-sm font-bold text-slate-800 tabular-nums">
        {text}
      </span>
    </div>
  );
}
