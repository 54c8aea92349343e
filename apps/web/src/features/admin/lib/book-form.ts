// The book form's values (what the inputs hold: text) and how they become the contract's BookInput,
// which validates them exactly as the server will; the price is read as the course form reads it.
import { BookInput, type AdminBook } from '@app/contract';
import { adminBookMessages } from '../../../i18n/admin-books';
import { toAsciiDigits } from '@app/domain';
import { contractResolver } from './contract-resolver';

const t = adminBookMessages;

export type BookFormValues = {
  title: string;
  grade: string;
  price: string;
  description: string;
  active: boolean;
};

export const EMPTY_BOOK: BookFormValues = { title: '', grade: '', price: '0', description: '', active: true };

export const bookFormValues = (book: AdminBook): BookFormValues => ({
  title: book.title,
  grade: book.grade,
  price: String(book.price),
  description: book.description,
  active: book.active,
});

export function toBookInput(values: BookFormValues): unknown {
  // '' is missing (the contract says so in Arabic); Arabic-Indic digits and the decimal comma are read.
  const price = toAsciiDigits(values.price).trim().replace('٫', '.').replace(',', '.');
  return {
    title: values.title,
    grade: values.grade || undefined,
    price: price === '' ? undefined : Number(price),
    description: values.description,
    active: values.active,
  };
}

export const bookResolver = contractResolver<BookFormValues, typeof BookInput>(BookInput, {
  toInput: toBookInput,
  labels: { title: t.bookTitle, grade: t.grade, price: t.priceLabel, description: t.description },
});
