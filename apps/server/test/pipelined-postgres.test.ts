// The pipelined PostgreSQL driver (the default, db/pipelined-postgres.ts and tenant-slots.ts), where it
// differs from `pg`: requests share connections, so a connection changes tenant only when nothing is in
// flight on it, transactions reserve one, and parameters are typed by the statement. Each is checked
// here through an app built on it; the whole API suite runs on it (the vitest project api-postgres) and
// on `pg` (api-postgres-pg), decision 0016.
import { sql } from 'kysely';
import { APP_ROLE } from '../../../test-support/postgres-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { isUniqueViolation } from '../src/db/errors';
import { runAsTenant } from '../src/lib/tenant-context';
import {
  attemptRows,
  examCourse,
  examQuiz,
  examStudent,
  pick,
  save,
  setExam,
  start,
} from './support/exam-fixture';
import type { ShownQuestion } from './support/exam-fixture';
import { ensureTenant } from './support/auth-helpers';
import { buildCourse } from './support/catalogue-fixture';
import { expectScopesKeptApart, tenantsOf, twoSchools } from './support/tenant-scopes';
import { startTestApi, type TestApi } from './support/test-api';
import { testDbKind } from './support/test-database';

// A PostgreSQL setting: on SQLite it is ignored, and the app runs as always.
if (testDbKind() === 'sqlite')
  describe('DATABASE_DRIVER on SQLite', () => {
    it('changes nothing: the app stays on its SQLite file', async () => {
      const api = await startTestApi({ env: { DATABASE_DRIVER: 'pipelined' } });
      try {
        expect(api.services.database.dialect).toBe('sqlite');
        expect((await api.call('GET', '/api/health')).status).toBe(200);
      } finally {
        await api.close();
      }
    });
  });

if (testDbKind() === 'postgres')
  describe('the pipelined PostgreSQL driver', () => {
    let api: TestApi;
    let a: Tenant;
    let b: Tenant;
    const appDb = () => api.services.database.db;

    beforeAll(async () => {
      api = await startTestApi({ env: { DATABASE_DRIVER: 'pipelined' } });
      ({ a, b } = await twoSchools(api));
    });
    afterAll(async () => {
      await api.close();
    });

    it('shows a query without its tenant filter one tenant only, and none outside a tenant, however scopes interleave', async () => {
      const forgetful = () => appDb().selectFrom('users').select('tenant_id').execute();
      expect(tenantsOf(await runAsTenant(a.id, forgetful))).toEqual([a.id]);
      expect(tenantsOf(await runAsTenant(b.id, forgetful))).toEqual([b.id]);
      expect(await forgetful()).toEqual([]);
      await expectScopesKeptApart(appDb(), a.id, b.id, 60);
    });

    it('keeps a transaction on one connection: what it wrote is gone after a rollback, and there after a commit', async () => {
      const teacher = (name: string) => ({
        tenant_id: a.id,
        name,
        title: 'x',
        credentials_json: '[]',
        methods_json: '[]',
        created_at: new Date().toISOString(),
      });
      const names = () =>
        runAsTenant(a.id, async () =>
          (await appDb().selectFrom('teachers').select('name').execute()).map((row) => row.name),
        );
      await expect(
        runAsTenant(a.id, () =>
          appDb()
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto('teachers').values(teacher('يُلغى')).execute();
              // Seen inside the transaction: the same connection.
              const inside = await trx.selectFrom('teachers').select('name').execute();
              expect(inside.map((row) => row.name)).toContain('يُلغى');
              throw new Error('roll back');
            }),
        ),
      ).rejects.toThrow('roll back');
      await runAsTenant(a.id, () =>
        appDb()
          .transaction()
          .execute((trx) => trx.insertInto('teachers').values(teacher('يبقى')).execute()),
      );
      const after = await names();
      expect(after).toContain('يبقى');
      expect(after).not.toContain('يُلغى');
    });

    it('reports a unique violation that names what was taken, as `pg` does (registration tells email from phone by it)', async () => {
      const email = `twice-${Date.now()}@example.com`;
      const insert = () =>
        runAsTenant(a.id, () =>
          appDb()
            .insertInto('users')
            .values({
              tenant_id: a.id,
              name: 'مكرر',
              email,
              phone: `010${String(Date.now()).slice(-8)}`,
              parent_phone: '',
              academic_year: 'Secondary1',
              is_online: 0,
              role: 'student',
              password_hash: 'x',
              email_confirmed_at: null,
              created_at: new Date().toISOString(),
              updated_at: new Date().toISOString(),
              last_self_signout_at: null,
            })
            .execute(),
        );
      await insert();
      const error = await insert().catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, 'email')).toBe(true);
      expect(isUniqueViolation(error, 'no_such_constraint')).toBe(false);
    });

    it('merges parallel saves of an exam attempt in the database (a JSON patch sent as text)', async () => {
      const built = await examCourse(api, a.id, examQuiz(6));
      const lessonId = built.lessonIds[0]![0]!;
      await setExam(api, a.id, lessonId, {});
      const student = await examStudent(api, a.id, built.courseId);
      const started = await start(student.device, lessonId);
      expect(started.status, started.text).toBe(200);
      const questions = started.body.data.questions as ShownQuestion[];
      const other = await student.secondDevice();
      const replies = await Promise.all(
        questions.map((question, i) => save(i % 2 ? other : student.device, lessonId, [pick(question)])),
      );
      expect(replies.map((reply) => reply.status)).toEqual(questions.map(() => 200));
      const [row] = await attemptRows(api, lessonId, student.id);
      expect(Object.keys(JSON.parse(row!.answers_json))).toHaveLength(6);
    });
  });

if (testDbKind() === 'postgres')
  describe("the pipelined driver's connections, shared by the schools", () => {
    // DATABASE_POOL_SIZE 3: three connections for the process, whatever the schools.
    let api: TestApi;
    let schools: Tenant[];
    const appDb = () => api.services.database.db;
    /** A read that holds its connection a moment, as a busy school's would. */
    const slowRead = (tenant: number, seconds = 0.02) =>
      runAsTenant(tenant, async () => ({
        wanted: tenant,
        seen: tenantsOf(
          (
            await sql<{
              tenant_id: number;
            }>`select tenant_id from courses, pg_sleep(${seconds}::float)`.execute(appDb())
          ).rows,
        ),
      }));
    /** The app's connections to its database now (its role's: the fixtures' are a superuser's). */
    const connections = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and usename = ${APP_ROLE}`.execute(api.db)
      ).rows;
    const courseNames = async (tenant: number) =>
      (await api.db.selectFrom('courses').select('name').where('tenant_id', '=', tenant).execute()).map(
        (row) => row.name,
      );
    /** Transactions open in the schools' scopes until the returned function is called. */
    async function holdTransactions(tenants: number[]): Promise<() => Promise<void>> {
      let finish = () => undefined as void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const held = tenants.map((tenant) =>
        runAsTenant(tenant, () =>
          appDb()
            .transaction()
            .execute(async (trx) => {
              await trx.selectFrom('courses').select('id').execute();
              await finished;
            }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      return async () => {
        finish();
        await Promise.all(held);
      };
    }

    beforeAll(async () => {
      api = await startTestApi({ env: { DATABASE_DRIVER: 'pipelined', DATABASE_POOL_SIZE: '3' } });
      const { a, b } = await twoSchools(api);
      schools = [a, b];
      for (const slug of ['tenant6', 'tenant7', 'tenant8']) {
        const school = await ensureTenant(api, slug);
        await buildCourse(api.db, { tenantId: school.id, units: [[{ type: 'Video' }]] });
        schools.push(school);
      }
    });
    afterAll(async () => {
      await api.close();
    });

    it('never holds more connections than DATABASE_POOL_SIZE while five schools read at once, and each sees its own rows', async () => {
      let most = 0;
      let reading = true;
      const watching = (async () => {
        while (reading) {
          most = Math.max(most, (await connections()).length);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const reads = await Promise.all(
        Array.from({ length: 90 }, (_, index) => slowRead(schools[index % schools.length]!.id)),
      );
      reading = false;
      await watching;
      for (const read of reads) expect(read.seen).toEqual([read.wanted]);
      expect(most).toBeLessThanOrEqual(3);
      expect(most).toBeGreaterThanOrEqual(2);
    });

    it('lets a school in while another keeps every connection busy', async () => {
      const [a, b] = schools.map((school) => school.id);
      let busy = true;
      const readers = Array.from({ length: 12 }, async () => {
        while (busy) expect((await slowRead(a!)).seen).toEqual([a]);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      expect((await slowRead(b!)).seen).toEqual([b]);
      const waited = Date.now() - started;
      busy = false;
      await Promise.all(readers);
      // Four reads of a at most go first on the connection handed over (12 readers on 3 connections).
      expect(waited).toBeLessThan(1_000);
    });

    it('makes a school wait while transactions hold every connection, and lets it in when one ends', async () => {
      const [a, b, c] = schools.map((school) => school.id);
      const release = await holdTransactions([a!, a!, b!]);
      const waiting = slowRead(c!);
      const early = await Promise.race([
        waiting.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      expect(early).toBe('waiting');
      await release();
      expect((await waiting).seen).toEqual([c]);
    });

    it("keeps a transaction's statements to itself while its school's reads share the connection", async () => {
      const c = schools[2]!.id;
      const rename = (name: string, fail: boolean) =>
        runAsTenant(c, () =>
          appDb()
            .transaction()
            .execute(async (trx) => {
              await trx.updateTable('courses').set({ name }).execute();
              const inside = await trx.selectFrom('courses').select('name').execute();
              expect(inside.map((row) => row.name)).toEqual([name]);
              if (fail) throw new Error('roll back');
            }),
        );
      const before = await courseNames(c);
      const reads = Array.from({ length: 20 }, () => slowRead(c, 0.005));
      await expect(rename('يُلغى', true)).rejects.toThrow('roll back');
      for (const read of await Promise.all(reads)) expect(read.seen).toEqual([c]);
      expect(await courseNames(c)).toEqual(before);
      await rename('يبقى', false);
      expect(await courseNames(c)).toEqual(['يبقى']);
    });

    it('sets the school again on a connection that was lost and reopened', async () => {
      const [a, b] = schools.map((school) => school.id);
      await Promise.all([slowRead(a!), slowRead(a!), slowRead(a!)]);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and usename = ${APP_ROLE}`.execute(api.db);
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const tenant of [a!, b!, a!]) expect((await slowRead(tenant)).seen).toEqual([tenant]);
    });
  });
