// The books the school sells: search, grade and status filters and the page in the URL; a new book
// and each edit open the book form in a dialog; each row can be shown or hidden on the home page, or
// deleted after a confirmation.
import type { AdminBook } from '@app/contract';
import { formatPriceDetail } from '@app/domain';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { gradeText } from '../../../components/ui/course-badges';
import { Dialog } from '../../../components/ui/dialog';
import { adminMessages } from '../../../i18n/admin';
import { adminBookMessages as t } from '../../../i18n/admin-books';
import { useContact } from '../../site/contact';
import { useAdminBooks } from '../api/books';
import { BookActiveToggle, DeleteBookButton } from '../components/book-actions';
import { BookFilters } from '../components/book-filters';
import { BookForm } from '../components/book-form';
import { rowButton } from '../components/button-styles';
import { PageHeader } from '../components/page-header';
import { PagedTable } from '../components/paged-table';
import { useListParams } from '../hooks/use-list-params';

export function Component() {
  const list = useListParams();
  const [notice, setNotice] = useState<string | null>(null);
  /** The book the dialog edits; null: a new one; undefined: closed. */
  const [editing, setEditing] = useState<AdminBook | null | undefined>(undefined);
  const contact = useContact();
  const active = list.get('active');
  const query = useAdminBooks({
    search: list.search,
    grade: list.get('grade'),
    active: active === 'true' || active === 'false' ? active : undefined,
    pageNumber: list.page,
  });
  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={<Button onClick={() => setEditing(null)}>{t.newBook}</Button>}
      />
      {contact.isSuccess && !contact.data?.whatsApp_Number ? (
        <div className="mb-4">
          <Alert tone="warning">{t.noWhatsApp}</Alert>
        </div>
      ) : null}
      <BookFilters list={list} />
      {notice ? (
        <div className="mb-4">
          <Alert tone="info">{notice}</Alert>
        </div>
      ) : null}
      <PagedTable
        query={query}
        list={list}
        rows={(page) => page.books}
        empty={t.empty}
        label={adminMessages.common.tableLabel(t.title)}
        head={[t.book, t.grade, t.price, t.status, adminMessages.common.actions]}
      >
        {(book) => (
          <tr key={book.id}>
            <th scope="row" className="break-words">
              {book.title}
            </th>
            <td>{gradeText(book.grade)}</td>
            <td>{formatPriceDetail(book.price)}</td>
            <td>
              <Badge tone={book.active ? 'success' : 'neutral'}>{book.active ? t.active : t.inactive}</Badge>
            </td>
            <td>
              <div className="flex items-center gap-1">
                <button
                  type="button"
                  className={rowButton()}
                  aria-label={t.editLabel(book.title)}
                  onClick={() => setEditing(book)}
                >
                  {adminMessages.common.edit}
                </button>
                <BookActiveToggle book={book} onDone={setNotice} />
                <DeleteBookButton book={book} onDeleted={() => setNotice(t.deleted)} />
              </div>
            </td>
          </tr>
        )}
      </PagedTable>
      <Dialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t.editTitle(editing.title) : t.newTitle}
        closeLabel={adminMessages.common.close}
      >
        {/* Keyed so each opening starts from the book's current values. */}
        <BookForm
          key={editing === undefined ? 'closed' : (editing?.id ?? 'new')}
          book={editing ?? null}
          onSaved={(saved) => {
            setNotice(editing ? t.saved(saved.title) : t.created(saved.title));
            setEditing(undefined);
          }}
        />
      </Dialog>
    </>
  );
}
