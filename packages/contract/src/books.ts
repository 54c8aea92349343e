// Printed books a school sells by grade and takes orders for on WhatsApp (API.md, Existing clients):
// the public list existing clients read on their home page, and the admin's list and form. The
// fields a book shares with a course (grade, price, description, active) take the course's rules.
import { z } from 'zod';
import { ADMIN_LIMITS, AdminSearchQuery, CourseInput } from './admin';
import { PagedMeta, envelope, pageNumberParam, pageSizeParam, requiredText } from './common';
import { humanText } from './text';

export const BOOK_LIMITS = { title: 200, description: ADMIN_LIMITS.description } as const;

// ── Public ──────────────────────────────────────────────────────────────────────────────────────
export const Book = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Absolute in answers (the route is marked absoluteUrls). */
  imagePath: z.string().nullable(),
  /** EGP, two decimals, as a course's price. */
  price: z.number(),
  grade: z.string(),
});
export type Book = z.infer<typeof Book>;

export const BookPage = PagedMeta.extend({ books: z.array(Book) });
export type BookPage = z.infer<typeof BookPage>;
export const BookPageResponse = envelope(BookPage);

/** GET /api/Book/active?pageNumber&pageSize[&grade]: the grade is read as CourseActive reads it. */
export const BookActiveQuery = z.object({
  grade: z.string().max(40).optional(),
  pageNumber: pageNumberParam,
  pageSize: pageSizeParam,
});

// ── Admin ───────────────────────────────────────────────────────────────────────────────────────
export const AdminBook = Book.extend({ active: z.boolean(), modificationDate: z.string() });
export type AdminBook = z.infer<typeof AdminBook>;
export const AdminBookResponse = envelope(AdminBook);

/** GET /api/Admin/Books: search in the title; grade and active filter; newest first. */
export const AdminBookQuery = AdminSearchQuery.extend({
  grade: CourseInput.shape.grade.optional(),
  active: z.enum(['true', 'false']).optional(),
});
export const AdminBookPage = PagedMeta.extend({ books: z.array(AdminBook) });
export const AdminBookPageResponse = envelope(AdminBookPage);

/**
 * POST /api/Admin/Books and PUT /api/Admin/Books/{id}; POST /api/Admin/Books/{id}/Active takes
 * ActiveInput, POST /api/Admin/Books/{id}/Image one image file; each answers AdminBookResponse.
 * DELETE /api/Admin/Books/{id}: MessageOnly. Another school's book is 404.
 */
export const BookInput = z.object({
  title: requiredText('Title', BOOK_LIMITS.title)
    .trim()
    .min(1, { error: 'Title is required' })
    .superRefine(humanText('Title')),
  grade: CourseInput.shape.grade,
  price: CourseInput.shape.price,
  description: CourseInput.shape.description,
  active: CourseInput.shape.active,
});
export type BookInput = z.input<typeof BookInput>;
