// The public list of a school's printed books: active ones, of one grade when asked, by grade and
// then oldest first (the order the school added them), so a page is stable.
import type { BookPage } from '@app/contract';
import type { Grade } from '@app/domain';
import type { Db } from '../../db/connect';
import { paged } from '../admin/paging';
import { bookColumns, toBook } from './book-view';

export class BookService {
  constructor(private readonly db: Db) {}

  async active(
    tenantId: number,
    grade: Grade | null,
    paging: { pageNumber: number; pageSize: number },
  ): Promise<BookPage> {
    let base = this.db.selectFrom('books').where('tenant_id', '=', tenantId).where('active', '=', 1);
    if (grade) base = base.where('grade', '=', grade);
    const { rows, meta } = await paged(base, paging, (q) =>
      q.select(bookColumns).orderBy('grade').orderBy('id'),
    );
    return { books: rows.map(toBook), ...meta };
  }
}
