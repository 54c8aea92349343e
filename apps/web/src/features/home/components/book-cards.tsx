// The books' cards (loaded lazily): cover, title, grade, price, description and an order button that
// opens WhatsApp with a message naming the book. Without the school's WhatsApp number there is no
// button (the footer says the link is not available).
import type { Book } from '@app/contract';
import { formatPriceCard } from '@app/domain';
import { buttonClass } from '../../../components/ui/button';
import { GradeBadge, gradeText } from '../../../components/ui/course-badges';
import { CourseImage } from '../../../components/ui/course-image';
import { homeBookMessages as t } from '../../../i18n/home-books';
import { useContact, whatsAppLink } from '../../site/contact';

export default function BookCards({ books }: { books: Book[] }) {
  const { data: contact } = useContact();
  return (
    <ul aria-label={t.list} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {books.map((book) => {
        const order = whatsAppLink(
          contact?.whatsApp_Number,
          t.orderMessage(book.title, gradeText(book.grade)),
        );
        return (
          <li
            key={book.id}
            className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            <CourseImage src={book.imagePath} />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <div>
                <GradeBadge grade={book.grade} />
              </div>
              <h3 className="text-lg leading-snug font-bold break-words text-slate-900">{book.title}</h3>
              {book.description ? (
                <p className="line-clamp-3 text-sm break-words text-slate-700">{book.description}</p>
              ) : null}
              <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
                <p className="text-lg font-extrabold text-brand-900">{formatPriceCard(book.price)}</p>
                {order ? (
                  <a
                    href={order}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t.orderLabel(book.title)}
                    className={buttonClass('success', 'min-h-10 px-4 py-1.5')}
                  >
                    {t.order}
                  </a>
                ) : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
