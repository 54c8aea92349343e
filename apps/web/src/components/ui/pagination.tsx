// Previous, up to five page numbers (pageButtons from @app/domain) and next; every page is a link, so
// the page lives in the URL and the browser's back button walks back through pages. On a phone
// previous and next are arrows (their words stay for screen readers), so seven 44 px targets fit one
// line at 360 px.
import { MAX_PAGE_BUTTONS, pageButtons, toArabicDigits } from '@app/domain';
import { Link, type To } from 'react-router';
import { catalogueMessages } from '../../i18n/catalogue';

const t = catalogueMessages.pagination;

const itemClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl border px-3 font-semibold transition-colors';
const linkClass = `${itemClass} border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-800`;
const currentClass = `${itemClass} border-brand-700 bg-brand-700 text-white underline underline-offset-4`;
const disabledClass = `${itemClass} cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500`;

export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => To;
}) {
  if (totalPages <= 1) return null;
  const pages = pageButtons(page, totalPages, MAX_PAGE_BUTTONS);
  const edge = (target: number, label: string, arrow: string, enabled: boolean) => {
    const content = (
      <>
        <span aria-hidden="true" className="text-lg sm:hidden">
          {arrow}
        </span>
        <span className="sr-only sm:not-sr-only">{label}</span>
      </>
    );
    return enabled ? (
      <Link to={hrefFor(target)} className={linkClass}>
        {content}
      </Link>
    ) : (
      <span className={disabledClass} aria-disabled="true">
        {content}
      </span>
    );
  };
  return (
    <nav aria-label={t.label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-0.5 sm:gap-2">
        {/* Right-to-left: previous is on the right and points right. */}
        <li>{edge(page - 1, t.previous, '›', page > 1)}</li>
        {pages.map((number) => (
          <li key={number}>
            <Link
              to={hrefFor(number)}
              className={number === page ? currentClass : linkClass}
              aria-current={number === page ? 'page' : undefined}
              aria-label={t.page(toArabicDigits(number))}
            >
              {toArabicDigits(number)}
            </Link>
          </li>
        ))}
        <li>{edge(page + 1, t.next, '‹', page < totalPages)}</li>
      </ul>
    </nav>
  );
}

/** `path` at `page`: page 1 is the bare path, the others add `?page=`. */
export function pageLink(path: string, page: number): To {
  return { pathname: path, search: page > 1 ? `?page=${page}` : '' };
}

/** The page number of a `?page=` value: a whole number from 1, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
