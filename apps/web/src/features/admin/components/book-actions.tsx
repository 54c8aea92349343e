// A book's row actions: show/hide on the home page, and delete with confirmation.
import type { AdminBook } from '@app/contract';
import { Button } from '../../../components/ui/button';
import { adminBookMessages as t } from '../../../i18n/admin-books';
import { useDeleteBook, useSetBookActive } from '../api/books';
import { adminErrorText } from '../lib/error-text';
import { DeleteButton } from './delete-button';

type Row = Pick<AdminBook, 'id' | 'title' | 'active'>;

export function BookActiveToggle({ book, onDone }: { book: Row; onDone: (message: string) => void }) {
  const mutation = useSetBookActive();
  const next = !book.active;
  return (
    <Button
      variant={book.active ? 'secondary' : 'success'}
      className="min-h-10 px-3 py-1"
      aria-label={next ? t.activateLabel(book.title) : t.deactivateLabel(book.title)}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { id: book.id, active: next },
          {
            onSuccess: () => onDone(t.toggled(book.title, next)),
            onError: (error) => onDone(adminErrorText(error)),
          },
        )
      }
    >
      {next ? t.activate : t.deactivate}
    </Button>
  );
}

export function DeleteBookButton({ book, onDeleted }: { book: Row; onDeleted: () => void }) {
  const mutation = useDeleteBook();
  return (
    <DeleteButton
      label={t.deleteLabel(book.title)}
      title={t.deleteTitle}
      body={t.deleteBody(book.title)}
      action={() => mutation.mutateAsync(book.id)}
      onDone={onDeleted}
    />
  );
}
