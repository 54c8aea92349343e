// Books as the admin edits them: a filtered list, create / edit / activate, the cover image, and
// delete. Every write goes through the AdminWriter (one transaction with its audit entry); another
// school's book is 404, as one that does not exist.
import type { AdminBook, AdminBookQuery, BookInput } from '@app/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import type { BookTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import { BOOK_NOT_FOUND, bookColumns, toAdminBook } from '../books/book-view';
import type { AdminActor } from './admin-guard';
import type { AdminWriter } from './admin-writer';
import type { AuditRecord } from './audit-log';
import type { FileKind } from './file-kind';
import { anyContains, containsPattern, paged } from './paging';
import type { UploadStore } from './upload-store';
import { auditSummary } from './audit-summaries';

export type BookValues = z.output<typeof BookInput>;
type BookQuery = z.output<typeof AdminBookQuery>;

type Deps = { db: Db; clock: Clock; writer: AdminWriter; uploads: UploadStore };

type BookVerb = 'create' | 'update' | 'delete' | 'activate' | 'deactivate' | 'image';

const bookAudit = (action: BookVerb, bookId: number, summary: string): AuditRecord => ({
  action: `book.${action}`,
  targetType: 'book',
  targetId: bookId,
  summary,
});

async function ownedBook(db: Db, tenantId: number, bookId: number) {
  const row = await db
    .selectFrom('books')
    .select(['id', 'title', 'image_path'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', bookId)
    .executeTakeFirst();
  if (!row) throw notFound(BOOK_NOT_FOUND);
  return row;
}

export class BookAdminService {
  constructor(private readonly deps: Deps) {}

  async list(tenantId: number, query: BookQuery) {
    let base = this.deps.db.selectFrom('books').where('tenant_id', '=', tenantId);
    const pattern = containsPattern(query.search);
    if (pattern) base = base.where(anyContains(['title'], pattern));
    if (query.grade) base = base.where('grade', '=', query.grade);
    if (query.active) base = base.where('active', '=', query.active === 'true' ? 1 : 0);
    const { rows, meta } = await paged(base, query, (q) => q.select(bookColumns).orderBy('id', 'desc'));
    return { books: rows.map(toAdminBook), ...meta };
  }

  async create(actor: AdminActor, input: BookValues): Promise<AdminBook> {
    const now = this.deps.clock.now().toISOString();
    const id = await this.deps.writer.run(actor, async (trx) => {
      const row = await trx
        .insertInto('books')
        .values({ tenant_id: actor.tenant.id, ...columnsOf(input), created_at: now, modified_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { result: row.id, audit: bookAudit('create', row.id, auditSummary.book.created(input.title)) };
    });
    return this.card(actor.tenant.id, id);
  }

  async update(actor: AdminActor, bookId: number, input: BookValues): Promise<AdminBook> {
    await this.change(actor, bookId, columnsOf(input), () =>
      bookAudit('update', bookId, auditSummary.book.updated(input.title)),
    );
    return this.card(actor.tenant.id, bookId);
  }

  async setActive(actor: AdminActor, bookId: number, active: boolean): Promise<AdminBook> {
    await this.change(actor, bookId, { active: active ? 1 : 0 }, (book) =>
      bookAudit(active ? 'activate' : 'deactivate', bookId, auditSummary.book.active(book.title, active)),
    );
    return this.card(actor.tenant.id, bookId);
  }

  async remove(actor: AdminActor, bookId: number): Promise<void> {
    const image = await this.deps.writer.run(actor, async (trx) => {
      const book = await ownedBook(trx, actor.tenant.id, bookId);
      await trx.deleteFrom('books').where('id', '=', bookId).execute();
      return {
        result: book.image_path,
        audit: bookAudit('delete', bookId, auditSummary.book.deleted(book.title)),
      };
    });
    await this.deps.uploads.discardImage(image);
  }

  /** Stores the image, points the book at it, and removes the image it replaced. */
  async setImage(actor: AdminActor, bookId: number, file: { bytes: Buffer; kind: FileKind }) {
    const { uploads } = this.deps;
    await ownedBook(this.deps.db, actor.tenant.id, bookId);
    const path = await uploads.saveImage(actor.tenant.id, file);
    let previous: string | null;
    try {
      previous = await this.change(actor, bookId, { image_path: path }, (book) =>
        bookAudit('image', bookId, auditSummary.book.image(book.title, file)),
      );
    } catch (error) {
      await uploads.discardImage(path);
      throw error;
    }
    await uploads.discardImage(previous);
    return this.card(actor.tenant.id, bookId);
  }

  /** Updates the tenant's book with `values` and its audit entry; answers the image it had. */
  private change(
    actor: AdminActor,
    bookId: number,
    values: Omit<Updateable<BookTable>, 'id' | 'tenant_id'>,
    audit: (book: { title: string }) => AuditRecord,
  ): Promise<string | null> {
    return this.deps.writer.run(actor, async (trx) => {
      const book = await ownedBook(trx, actor.tenant.id, bookId);
      await trx
        .updateTable('books')
        .set({ ...values, modified_at: this.deps.clock.now().toISOString() })
        .where('id', '=', bookId)
        .execute();
      return { result: book.image_path, audit: audit(book) };
    });
  }

  private async card(tenantId: number, bookId: number): Promise<AdminBook> {
    const row = await this.deps.db
      .selectFrom('books')
      .select(bookColumns)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', bookId)
      .executeTakeFirst();
    if (!row) throw notFound(BOOK_NOT_FOUND);
    return toAdminBook(row);
  }
}

const columnsOf = (input: BookValues) => ({
  title: input.title,
  grade: input.grade,
  price_cents: Math.round(input.price * 100),
  description: input.description,
  active: input.active ? (1 as const) : (0 as const),
});
