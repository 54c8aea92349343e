// The admin's books: GET /api/Admin/Books (search, grade, active, paging), create or update (then the
// cover upload), activate/deactivate and delete. Keys under ['admin', 'books'], so each change
// invalidates the list (and the audit log, by useAdminMutation).
import { AdminBookPageResponse, AdminBookResponse, type BookInput } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ListParams } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export const bookKeys = {
  all: ['admin', 'books'] as const,
  list: (params: ListParams) => ['admin', 'books', 'list', params] as const,
};

export type BookListParams = {
  search?: string;
  grade?: string;
  active?: 'true' | 'false';
  pageNumber: number;
};

export const adminBooksQueryOptions = (params: BookListParams) =>
  queryOptions({
    queryKey: bookKeys.list(params),
    queryFn: async () =>
      unwrap(await apiRequest('/api/Admin/Books', { query: params, schema: AdminBookPageResponse })),
    placeholderData: keepPreviousData,
  });

export const useAdminBooks = (params: BookListParams) => useQuery(adminBooksQueryOptions(params));

export type SaveBook = { id: number | null; input: BookInput; image: File | null };

/** Creates or updates the book, then uploads the chosen cover (the book must exist first). */
async function saveBook({ id, input, image }: SaveBook) {
  let book = unwrap(
    await apiRequest(id === null ? '/api/Admin/Books' : `/api/Admin/Books/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      json: input,
      schema: AdminBookResponse,
    }),
  );
  if (image) {
    const form = new FormData();
    form.set('file', image);
    book = unwrap(
      await apiRequest(`/api/Admin/Books/${book.id}/Image`, {
        method: 'POST',
        form,
        schema: AdminBookResponse,
      }),
    );
  }
  return book;
}

export const useSaveBook = () => useAdminMutation(saveBook, () => [bookKeys.all]);

export const useSetBookActive = () =>
  useAdminMutation(
    async ({ id, active }: { id: number; active: boolean }) =>
      unwrap(
        await apiRequest(`/api/Admin/Books/${id}/Active`, {
          method: 'POST',
          json: { active },
          schema: AdminBookResponse,
        }),
      ),
    () => [bookKeys.all],
  );

export const useDeleteBook = () =>
  useAdminMutation(
    (id: number) => apiRequest(`/api/Admin/Books/${id}`, { method: 'DELETE' }),
    () => [bookKeys.all],
  );
