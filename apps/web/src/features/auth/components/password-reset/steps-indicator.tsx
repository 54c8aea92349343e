import { authMessages } from '../../../../i18n/auth';

const t = authMessages.forgotPassword;

/** The three steps of the reset, numbered and named (not told apart by colour alone). */
export function StepsIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <div className="mb-6">
      <p className="sr-only">{t.stepOf(current, t.steps.length)}</p>
      <ol className="flex items-start gap-2" aria-hidden="true">
        {t.steps.map((label, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li key={label} className="flex flex-1 flex-col items-center gap-1 text-center">
              <span
                className={`flex size-8 items-center justify-center rounded-full text-sm font-bold ${
                  state === 'todo' ? 'border border-slate-300 text-slate-600' : 'bg-brand-700 text-white'
                } ${state === 'current' ? 'ring-4 ring-brand-100' : ''}`}
              >
                {state === 'done' ? '✓' : step}
              </span>
              <span
                className={`text-xs ${state === 'current' ? 'font-bold text-slate-900' : 'text-slate-600'}`}
              >
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
