// A full-page dead end with a way out: 'Course Not Found' in the course player, 'unit unavailable'
// in the unit viewer, or a failed load with a retry.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { messages } from '../../../i18n/messages';

type Props = {
  title: string;
  body?: string;
  actionHref: string;
  actionLabel: string;
  onRetry?: () => void;
  /** What else helps, below the actions (a closed lecture's code box and contact link). */
  children?: ReactNode;
};

export function UnavailableScreen({ title, body, actionHref, actionLabel, onRetry, children }: Props) {
  return (
    <main dir="rtl" className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
        {body ? <p className="mt-3 text-slate-700">{body}</p> : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {onRetry ? <Button onClick={onRetry}>{messages.common.retry}</Button> : null}
          <Link to={actionHref} className={buttonClass(onRetry ? 'secondary' : 'primary')}>
            {actionLabel}
          </Link>
        </div>
        {children ? <div className="mt-6 text-start">{children}</div> : null}
      </section>
    </main>
  );
}
