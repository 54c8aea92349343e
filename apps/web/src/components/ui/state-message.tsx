import type { ReactNode } from 'react';

type Tone = 'empty' | 'error';

/** An empty or error state: a title, an optional hint and an optional action. */
export function StateMessage({
  tone = 'empty',
  title,
  children,
  action,
}: {
  tone?: Tone;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const isError = tone === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      className={`flex flex-col items-center gap-3 rounded-2xl border px-6 py-10 text-center ${
        isError ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        className={`size-10 ${isError ? 'text-red-700' : 'text-brand-700'}`}
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {isError ? (
          <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        ) : (
          <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14zM20 17v4H6.5A2.5 2.5 0 0 1 4 18.5" />
        )}
      </svg>
      <p className={`text-lg font-bold ${isError ? 'text-red-900' : 'text-slate-900'}`}>{title}</p>
      {children ? <div className="max-w-md text-slate-700">{children}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
