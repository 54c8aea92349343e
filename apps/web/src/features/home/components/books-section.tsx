// The home page's «الكتب» section: there only when the school has active books. One request for
// them; the cards are their own chunk, fetched only when there is something to show. A failed
// request shows nothing: the books are an extra, not the page.
import { lazy, Suspense, useId } from 'react';
import { homeBookMessages as t } from '../../../i18n/home-books';
import { useActiveBooks } from '../api/get-active-books';

const BookCards = lazy(() => import('./book-cards'));

export function BooksSection() {
  const headingId = useId();
  const { data } = useActiveBooks();
  const books = data?.books ?? [];
  if (books.length === 0) return null;
  return (
    <section
      id="books-section"
      aria-labelledby={headingId}
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14"
    >
      <h2 id={headingId} className="text-center text-2xl font-extrabold text-slate-900 md:text-3xl">
        {t.title}
      </h2>
      <p className="mt-2 text-center text-slate-700">{t.subtitle}</p>
      <Suspense fallback={<div className="min-h-48" />}>
        <BookCards books={books} />
      </Suspense>
    </section>
  );
}
