import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/ui/document-title';

/** The screen's title (its document title too), a line of help and its main actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
  before,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Above the title: a back link. */
  before?: ReactNode;
}) {
  return (
    <div className="mb-6">
      <DocumentTitle screen={title} />
      {before ? <div className="mb-2">{before}</div> : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold break-words text-slate-900 md:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-slate-700">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
