import { DocumentTitle } from '../../../components/ui/document-title';
import type { ReactNode } from 'react';

/** The centred card the login, register and password screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`mx-auto w-full px-4 py-8 md:py-12 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <DocumentTitle screen={title} />
        <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-4 text-center text-slate-700">{footer}</div> : null}
    </section>
  );
}
