// Books (issue 18, item 8; API.md Existing clients): the public GET /api/Book/active that existing
// clients read on their home page, and the admin's /api/Admin/Books (list, create, edit, activate,
// delete, image), on both databases.
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  ADMINS_ONLY,
  adminSuite,
  auditRows,
  expectAdminOnly,
  failure,
  FILES,
  upload,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import type { TestApi } from './support/test-api';
import { testDbKind } from './support/test-database';

const BOOK_NOT_FOUND = 'Book not found.';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(() => {
  ({ api, tenant, admin, student, other } = suite);
});
afterEach(async () => {
  await api.db.deleteFrom('books').execute();
});

const book = (overrides: Record<string, unknown> = {}) => ({
  title: 'كتاب الكيمياء',
  grade: 'Secondary3',
  price: 120.5,
  description: 'مراجعة نهائية',
  active: true,
  ...overrides,
});

const createBook = async (overrides: Record<string, unknown> = {}) => {
  const reply = await admin.device.call('POST', '/api/Admin/Books', { json: book(overrides) });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data as { id: number; title: string };
};

/** A book straight in the database, for the public list. */
async function insertBook(tenantId: number, values: { title: string; grade: string; active?: 0 | 1 }) {
  const now = '2026-01-01T00:00:00.000Z';
  const row = await api.db
    .insertInto('books')
    .values({
      tenant_id: tenantId,
      title: values.title,
      grade: values.grade,
      price_cents: 5000,
      image_path: null,
      description: '',
      active: values.active ?? 1,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const activeBooks = (query: string) => api.call('GET', `/api/Book/active${query}`);
const titles = (body: { data: { books: { title: string }[] } }) => body.data.books.map((b) => b.title);

describe('GET /api/Book/active', () => {
  it('answers 200 with an empty page when the school has no books', async () => {
    const reply = await activeBooks('?pageNumber=1&pageSize=10');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: { books: [], totalCount: 0, totalPages: 0, currentPage: 1, pageSize: 10 },
    });
  });

  it("pages the school's active books, by grade then as added; inactive and other schools' hidden", async () => {
    await insertBook(tenant.id, { title: 'ث3 أ', grade: 'Secondary3' });
    await insertBook(tenant.id, { title: 'ث1 أ', grade: 'Secondary1' });
    await insertBook(tenant.id, { title: 'ث3 ب', grade: 'Secondary3' });
    await insertBook(tenant.id, { title: 'مخفي', grade: 'Secondary3', active: 0 });
    await insertBook(other.tenant.id, { title: 'مدرسة أخرى', grade: 'Secondary3' });

    const first = await activeBooks('?pageNumber=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(titles(first.body as never)).toEqual(['ث1 أ', 'ث3 أ']);
    expect(first.body).toMatchObject({
      data: { totalCount: 3, totalPages: 2, currentPage: 1, pageSize: 2 },
    });
    const second = await activeBooks('?pageNumber=2&pageSize=2');
    expect(titles(second.body as never)).toEqual(['ث3 ب']);
    expect(Object.keys((second.body as { data: { books: object[] } }).data.books[0]!).sort()).toEqual(
      ['description', 'grade', 'id', 'imagePath', 'price', 'title'].sort(),
    );
    expect(second.body).toMatchObject({ data: { books: [{ price: 50, grade: 'Secondary3' }] } });

    const ofGrade = await activeBooks('?pageNumber=1&pageSize=10&grade=Secondary3');
    expect(titles(ofGrade.body as never)).toEqual(['ث3 أ', 'ث3 ب']);
    // The grade is read as CourseActive reads it: other spellings of the same grade.
    const spelled = await activeBooks(
      `?pageNumber=1&pageSize=10&grade=${encodeURIComponent('3rd secondary')}`,
    );
    expect(titles(spelled.body as never)).toEqual(['ث3 أ', 'ث3 ب']);
    // Without paging: the defaults.
    expect((await activeBooks('')).body).toMatchObject({ data: { currentPage: 1, pageSize: 10 } });

    const foreign = await api.call('GET', '/api/Book/active?pageNumber=1&pageSize=10', {
      tenant: 'tenant9',
    });
    expect(titles(foreign.body as never)).toEqual(['مدرسة أخرى']);
  });

  it('orders the grades as a school counts them: Oman 4 to 12, then Secondary 1 to 3', async () => {
    for (const grade of ['Secondary1', 'Oman12', 'Oman9', 'Oman10', 'Oman4'])
      await insertBook(tenant.id, { title: grade, grade });
    expect(titles((await activeBooks('')).body as never)).toEqual([
      'Oman4',
      'Oman9',
      'Oman10',
      'Oman12',
      'Secondary1',
    ]);
  });

  it('refuses an unknown grade (400) and bad paging, like CourseActive', async () => {
    const unknown = await activeBooks('?pageNumber=1&pageSize=10&grade=Secondary9');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, message: 'Unknown grade' });
    expect((await activeBooks('?pageNumber=0&pageSize=10')).status).toBe(400);
    expect((await activeBooks('?pageNumber=1&pageSize=x')).status).toBe(400);
  });

  it('needs the tenant header as every /api call', async () => {
    const reply = await api.call('GET', '/api/Book/active', { tenant: null });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
  });

  it('answers the image as an absolute URL', async () => {
    const { id } = await createBook();
    const uploaded = await upload(api, admin.device, `/api/Admin/Books/${id}/Image`, FILES.png, {
      name: 'cover.png',
      type: 'image/png',
    });
    expect(uploaded.status).toBe(200);
    const path = uploaded.body.data.imagePath as string;
    expect(path).toMatch(/^\/api\/files\/images\/\d+-[0-9a-f]{32}\.png$/);
    const reply = await activeBooks('?pageNumber=1&pageSize=10');
    expect(reply.body).toMatchObject({ data: { books: [{ id, imagePath: `${api.baseUrl}${path}` }] } });
  });
});

describe('/api/Admin/Books', () => {
  it('is for admins of the school: 401 without a token, 403 for a student', async () => {
    const { id } = await createBook();
    await expectAdminOnly(api, student, [
      ['GET', '/api/Admin/Books'],
      ['POST', '/api/Admin/Books', book()],
      ['PUT', `/api/Admin/Books/${id}`, book()],
      ['POST', `/api/Admin/Books/${id}/Active`, { active: false }],
      ['DELETE', `/api/Admin/Books/${id}`],
    ]);
    const image = await upload(api, student.device, `/api/Admin/Books/${id}/Image`, FILES.png);
    expect(image.status).toBe(403);
    expect(image.body).toEqual(failure(ADMINS_ONLY));
    expect(await api.db.selectFrom('books').select(['title', 'active']).execute()).toEqual([
      { title: 'كتاب الكيمياء', active: 1 },
    ]);
  });

  it('creates, lists with filters, edits, deactivates and deletes, each audited', async () => {
    const created = await admin.device.call('POST', '/api/Admin/Books', {
      json: book({ title: '  كتاب الفيزياء  ', price: 99.99, active: false }),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      message: 'Book created',
      data: {
        title: 'كتاب الفيزياء',
        grade: 'Secondary3',
        price: 99.99,
        description: 'مراجعة نهائية',
        imagePath: null,
        active: false,
        modificationDate: expect.any(String),
      },
    });
    const id = (created.body as { data: { id: number } }).data.id;
    await createBook({ title: 'كتاب عماني', grade: 'Oman7' });

    const list = async (query: string) => {
      const reply = await admin.device.call('GET', `/api/Admin/Books${query}`);
      expect(reply.status).toBe(200);
      return titles(reply.body as never);
    };
    expect(await list('')).toEqual(['كتاب عماني', 'كتاب الفيزياء']);
    expect(await list('?search=' + encodeURIComponent('الفيزياء'))).toEqual(['كتاب الفيزياء']);
    expect(await list('?grade=Oman7')).toEqual(['كتاب عماني']);
    expect(await list('?active=false')).toEqual(['كتاب الفيزياء']);
    expect(await list('?pageNumber=2&pageSize=1')).toEqual(['كتاب الفيزياء']);
    expect((await admin.device.call('GET', '/api/Admin/Books?grade=Secondary9')).status).toBe(400);
    // Inactive: not in the public list.
    expect(titles((await activeBooks('')).body as never)).toEqual(['كتاب عماني']);

    const edited = await admin.device.call('PUT', `/api/Admin/Books/${id}`, {
      json: book({ title: 'كتاب الفيزياء الجديد', price: 80, grade: 'Secondary2', active: true }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      data: { id, title: 'كتاب الفيزياء الجديد', price: 80, grade: 'Secondary2', active: true },
    });
    expect(titles((await activeBooks('?grade=Secondary2')).body as never)).toEqual(['كتاب الفيزياء الجديد']);

    const off = await admin.device.call('POST', `/api/Admin/Books/${id}/Active`, { json: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ data: { id, active: false } });
    expect(titles((await activeBooks('?grade=Secondary2')).body as never)).toEqual([]);

    const deleted = await admin.device.call('DELETE', `/api/Admin/Books/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Book deleted', data: null });
    expect((await admin.device.call('DELETE', `/api/Admin/Books/${id}`)).status).toBe(404);

    const audit = (await auditRows(api, tenant.id)).filter((row) => row.target_type === 'book');
    expect(audit.slice(0, 5).map((row) => [row.action, row.actor_id])).toEqual([
      ['book.delete', admin.id],
      ['book.deactivate', admin.id],
      ['book.update', admin.id],
      ['book.create', admin.id],
      ['book.create', admin.id],
    ]);
    expect(audit[0]).toMatchObject({ target_id: id, summary: 'حُذف الكتاب «كتاب الفيزياء الجديد»' });
  });

  it('refuses bad input with the field named, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ grade: 'Secondary9' }, 'grade'],
      [{ price: -1 }, 'price'],
      [{ price: 1.234 }, 'price'],
      [{ price: '10' }, 'price'],
    ];
    for (const [overrides, field] of cases) {
      const reply = await admin.device.call('POST', '/api/Admin/Books', { json: book(overrides) });
      expect(reply.status, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys((reply.body as { errors: object }).errors)).toContain(field);
    }
    expect(await api.db.selectFrom('books').select('id').execute()).toEqual([]);
  });

  it("answers 404 for another school's book, and changes nothing there", async () => {
    const foreignId = await insertBook(other.tenant.id, { title: 'مدرسة أخرى', grade: 'Secondary1' });
    for (const [method, path, json] of [
      ['PUT', `/api/Admin/Books/${foreignId}`, book()],
      ['POST', `/api/Admin/Books/${foreignId}/Active`, { active: false }],
      ['DELETE', `/api/Admin/Books/${foreignId}`, undefined],
      ['PUT', '/api/Admin/Books/999999', book()],
    ] as const) {
      const reply = await admin.device.call(method, path, json === undefined ? {} : { json });
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body).toEqual(failure(BOOK_NOT_FOUND));
    }
    const image = await upload(api, admin.device, `/api/Admin/Books/${foreignId}/Image`, FILES.png);
    expect(image.status).toBe(404);
    expect(await api.db.selectFrom('books').select(['title', 'active']).execute()).toEqual([
      { title: 'مدرسة أخرى', active: 1 },
    ]);
    expect(titles((await admin.device.call('GET', '/api/Admin/Books')).body as never)).toEqual([]);
  });

  it('checks the image by its bytes, replaces the previous one and audits it', async () => {
    const { id } = await createBook();
    const html = await upload(api, admin.device, `/api/Admin/Books/${id}/Image`, FILES.html, {
      name: 'x.png',
      type: 'image/png',
    });
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({ success: false, message: 'A book image must be png, jpg, webp' });
    expect((await upload(api, admin.device, `/api/Admin/Books/${id}/Image`, FILES.pdf)).status).toBe(400);

    const first = await upload(api, admin.device, `/api/Admin/Books/${id}/Image`, FILES.png);
    const path = first.body.data.imagePath as string;
    const second = await upload(api, admin.device, `/api/Admin/Books/${id}/Image`, FILES.jpg, {
      name: 'b.png',
      type: 'image/png',
    });
    expect(second.status).toBe(200);
    expect(second.body.data.imagePath).toMatch(/\.jpg$/);
    expect((await fetch(`${api.baseUrl}${path}`)).status).toBe(404);
    const image = await fetch(`${api.baseUrl}${second.body.data.imagePath as string}`);
    expect(Buffer.from(await image.arrayBuffer()).equals(FILES.jpg)).toBe(true);
    expect((await auditRows(api, tenant.id))[0]).toMatchObject({
      action: 'book.image',
      target_type: 'book',
      target_id: id,
    });
  });
});

describe('the books table', () => {
  it('is a tenant table: on PostgreSQL it has the tenant policy, enabled and forced', async () => {
    if (testDbKind() !== 'postgres') {
      // On SQLite the tenant filters are the only wall (row-level-security.test.ts): the table exists.
      expect(await api.db.selectFrom('books').select('id').execute()).toEqual([]);
      return;
    }
    const { rows } = await sql<{ enabled: boolean; forced: boolean; policies: string[] }>`
      select k.relrowsecurity as enabled, k.relforcerowsecurity as forced,
             array(select p.policyname::text from pg_policies p where p.tablename = 'books') as policies
        from pg_class k where k.oid = 'books'::regclass`.execute(api.db);
    expect(rows).toEqual([{ enabled: true, forced: true, policies: ['tenant_isolation'] }]);
  });
});
