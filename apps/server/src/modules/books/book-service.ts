// The public list of a school's printed books: active ones, of one grade when asked, in grade order
// (Oman4…Oman12, then Secondary1…3: the shorter name first puts Oman9 before Oman10) and then in the
// order the school added them, so a page is stable.
import type { BookPage } from '@app/contract';
import type { Grade } from '@app/domain';
import { sql } from 'kysely';
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
      q
        .select(bookColumns)
        .orderBy(sql`length(grade)`)
        .orderBy('grade')
        .orderBy('id'),
    );
    return { books: rows.map(toBook), ...meta };
  }
}
