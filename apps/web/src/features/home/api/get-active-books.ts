// GET /api/Book/active?pageNumber&pageSize: the school's printed books for the home page. Like the
// footer's contact call it parses nothing at run time, so zod stays out of the home page's bundle.
import type { BookPage } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The home page shows one page of books; a school with more shows its first ones. */
export const HOME_BOOKS = 12;

export const activeBooksQueryOptions = () =>
  queryOptions({
    queryKey: ['books', { page: 1, size: HOME_BOOKS }],
    queryFn: async (): Promise<BookPage | null> => {
      const body = (await apiRequest('/api/Book/active', {
        query: { pageNumber: 1, pageSize: HOME_BOOKS },
      })) as { data: BookPage | null };
      return body.data;
    },
  });

export const useActiveBooks = () => useQuery(activeBooksQueryOptions());
