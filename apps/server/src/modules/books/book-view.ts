// Book rows to the contract's Book and AdminBook: money in pounds, as a course's price.
import type { AdminBook, Book } from '@app/contract';
import type { Selectable } from 'kysely';
import type { BookTable } from '../../db/schema';

export const BOOK_NOT_FOUND = 'Book not found.';

export const bookColumns = [
  'id',
  'title',
  'description',
  'image_path',
  'price_cents',
  'grade',
  'active',
  'modified_at',
] as const;

type BookRow = Pick<Selectable<BookTable>, (typeof bookColumns)[number]>;

export const toBook = (row: BookRow): Book => ({
  id: row.id,
  title: row.title,
  description: row.description,
  imagePath: row.image_path,
  price: row.price_cents / 100,
  grade: row.grade,
});

export const toAdminBook = (row: BookRow): AdminBook => ({
  ...toBook(row),
  active: row.active === 1,
  modificationDate: row.modified_at,
});
