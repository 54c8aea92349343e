// The home page's books: shown with their cards and WhatsApp order links when the school has active
// books, absent (one request, nothing on screen) when it has none or the call fails.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch, type Call } from '../../../../test/fetch';
import { renderRoute } from '../../../../test/render';
import { BooksSection } from './books-section';

const BOOKS = [
  {
    id: 4,
    title: 'كتاب الكيمياء',
    description: 'مراجعة نهائية',
    imagePath: 'http://localhost:3000/api/files/images/1-a.png',
    price: 120,
    grade: 'Secondary3',
  },
  { id: 5, title: 'رياضيات عُمان', description: '', imagePath: null, price: 0, grade: 'Oman7' },
];

const page = (books: unknown[]) => ({
  books,
  totalCount: books.length,
  totalPages: books.length ? 1 : 0,
  currentPage: 1,
  pageSize: 12,
});

function serve(books: unknown[] | 'fail', whatsApp: string | null = '+20 100 123 4567') {
  return stubFetch((call: Call) => {
    if (call.url.pathname === '/api/Book/active')
      return books === 'fail' ? envelope(500, 'boom') : envelope(200, null, page(books));
    if (call.url.pathname === '/api/Contact/getAll')
      return envelope(200, null, [{ whatsApp_Number: whatsApp, facebook_Page: null }]);
    return envelope(404, 'not found');
  });
}

describe('the home page’s books section', () => {
  it('shows each active book with its grade in Arabic, its price and a WhatsApp order link naming it', async () => {
    const calls = serve(BOOKS);
    renderRoute(<BooksSection />);
    const section = await screen.findByRole('region', { name: 'الكتب' });
    const list = await within(section).findByRole('list', { name: 'كتب المدرسة' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'كتاب الكيمياء' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('الصف الثالث الثانوي');
    expect(cards[0]).toHaveTextContent('١٢٠ ج.م');
    expect(cards[1]).toHaveTextContent('مجاني');

    const order = await within(cards[0]!).findByRole('link', { name: 'اطلب «كتاب الكيمياء» عبر واتساب' });
    expect(order).toHaveTextContent('اطلب عبر واتساب');
    expect(order).toHaveAttribute('target', '_blank');
    const href = new URL(order.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/201001234567');
    expect(href.searchParams.get('text')).toContain('«كتاب الكيمياء»');
    expect(href.searchParams.get('text')).toContain('الصف الثالث الثانوي');

    const bookCalls = calls.filter((call) => call.url.pathname === '/api/Book/active');
    expect(bookCalls).toHaveLength(1);
    expect(bookCalls[0]!.url.searchParams.get('pageNumber')).toBe('1');
    expect(bookCalls[0]!.url.searchParams.get('pageSize')).toBe('12');
  });

  it('has no order button when the school has no WhatsApp number', async () => {
    serve(BOOKS, null);
    renderRoute(<BooksSection />);
    await screen.findByRole('heading', { name: 'كتاب الكيمياء' });
    expect(screen.queryByRole('link', { name: /واتساب/ })).not.toBeInTheDocument();
  });

  it('shows nothing when the school has no active books, and asks once', async () => {
    const calls = serve([]);
    const { container } = renderRoute(<BooksSection />);
    await expect.poll(() => calls.length).toBe(1);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: 'الكتب' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/Book/active']);
  });

  it('shows nothing when the call fails', async () => {
    const calls = serve('fail');
    const { container } = renderRoute(<BooksSection />);
    await expect.poll(() => calls.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
