import { messages } from '../../../i18n/messages';

const t = messages.home.splash;

/** Status text by progress: below 30, below 70, below 100, then done. */
export function splashStatus(progress: number, done: boolean): string {
  if (done || progress >= 100) return t.done;
  if (progress < 30) return t.loading;
  if (progress < 70) return t.preparing;
  return t.initialising;
}

export function Splash({ progress, done }: { progress: number; done: boolean }) {
  const status = splashStatus(progress, done);
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-white px-8">
      <img src="/favicon.svg" alt="" width="72" height="72" />
      <p className="text-2xl font-extrabold text-brand-800">{messages.app.name}</p>
      <div
        role="progressbar"
        aria-label={t.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2.5 w-full max-w-xs overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
      </div>
      <p role="status" className="text-slate-700">
        {status}
      </p>
    </div>
  );
}
