import { Link, type To } from 'react-router';
import { catalogueMessages } from '../../../i18n/catalogue';

export type Crumb = { label: string; to?: To };

/** A breadcrumb trail; the last item is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label={catalogueMessages.common.breadcrumb} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={index} className="flex items-center gap-2">
              {item.to && !last ? (
                <Link
                  to={item.to}
                  className="font-semibold text-brand-800 underline-offset-4 hover:underline"
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="text-slate-800">
                  {item.label}
                </span>
              )}
              {last ? null : (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
