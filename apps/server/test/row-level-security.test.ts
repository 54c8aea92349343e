// Row-level security, the second wall between tenants on PostgreSQL: every tenant table has the
// policy, the app's role is held to it, and a query that forgets its tenant filter still sees one
// tenant only (or none outside a tenant's scope). On SQLite the tenant filters are the only wall and
// migration 0004 changes nothing.
import { sql, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { migrateToLatest } from '../src/db/migrate';
import { TENANT_POLICY } from '../src/db/row-level-security';
import { runAsTenant } from '../src/lib/tenant-context';
import { expectScopesKeptApart, tenantsOf, twoSchools } from './support/tenant-scopes';
import { registerStudent, startTestApi, type TestApi } from './support/test-api';
import { testDbKind } from './support/test-database';

const onPostgres = testDbKind() === 'postgres';

let api: TestApi;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  api = await startTestApi();
  ({ a, b } = await twoSchools(api));
  await registerStudent(api);
});
afterAll(async () => {
  await api.close();
});

/** The application's own connection: the role, pool and tenant hand-out the API uses. */
const appDb = () => api.services.database.db;

// Each database gets its own tests (defined, not skipped, for the one the project runs on).
if (!onPostgres)
  describe('on SQLite', () => {
    it('records migration 0004 and leaves the tenant filters as the only wall', async () => {
      const names = await sql<{ name: string }>`select name from kysely_migration`.execute(api.db);
      expect(names.rows.map((row) => row.name)).toContain('0004-row-level-security');
      // Without a tenant filter every tenant's rows come back: the queries' own filters do the work.
      const users = await appDb().selectFrom('users').select('tenant_id').execute();
      expect(tenantsOf(users)).toEqual([a.id, b.id].sort());
    });
  });

if (onPostgres)
  describe('on PostgreSQL', () => {
    it('connects the app as a role that is neither owner nor superuser nor BYPASSRLS', async () => {
      const { rows } = await sql<{ role: string; super: boolean; bypass: boolean; owns: number }>`
      select r.rolname as role, r.rolsuper as super, r.rolbypassrls as bypass,
             (select count(*)::int from pg_tables t where t.tableowner = current_user) as owns
        from pg_roles r where r.rolname = current_user`.execute(appDb());
      expect(rows[0]).toEqual({ role: expect.any(String), super: false, bypass: false, owns: 0 });
    });

    it('has the tenant policy, enabled and forced, on every table with a tenant_id column', async () => {
      const { rows } = await sql<{ table: string; enabled: boolean; forced: boolean; policies: string[] }>`
      select c.table_name as table, k.relrowsecurity as enabled, k.relforcerowsecurity as forced,
             array(select p.policyname::text from pg_policies p
                    where p.schemaname = c.table_schema and p.tablename = c.table_name
                    order by 1) as policies
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        join pg_class k on k.oid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
       where c.column_name = 'tenant_id' and c.table_schema = current_schema()
       order by 1`.execute(api.db);
      const tables = rows.map((row) => row.table);
      // The tables of every migration so far, the admin's included; `tenants` has no tenant_id.
      for (const table of ['users', 'device_sessions', 'outbox', 'courses', 'unit_codes', 'quiz_results'])
        expect(tables).toContain(table);
      for (const table of ['code_batches', 'audit_log']) expect(tables).toContain(table);
      expect(tables).not.toContain('tenants');
      for (const row of rows) {
        expect({ table: row.table, enabled: row.enabled, forced: row.forced }).toEqual({
          table: row.table,
          enabled: true,
          forced: true,
        });
        expect(row.policies, row.table).toContain(TENANT_POLICY);
      }
    });

    it('shows a query that forgets its tenant filter only the current tenant, and nothing outside one', async () => {
      // The same query in three scopes, through the app's pool.
      const forgetful = () => appDb().selectFrom('users').select('tenant_id').execute();
      expect(tenantsOf(await runAsTenant(a.id, forgetful))).toEqual([a.id]);
      expect(tenantsOf(await runAsTenant(b.id, forgetful))).toEqual([b.id]);
      expect(await forgetful()).toEqual([]);
      expect(await runAsTenant(null, forgetful)).toEqual([]);
      // The superuser sees both: the rows are there.
      expect(tenantsOf(await api.db.selectFrom('users').select('tenant_id').execute())).toEqual(
        [a.id, b.id].sort(),
      );
    });

    it('keeps each pooled connection on the right tenant when scopes interleave', async () => {
      await expectScopesKeptApart(appDb(), a.id, b.id);
    });

    it('refuses to write a row of another tenant, and does not touch its rows', async () => {
      const teacher = {
        name: 'دخيل',
        title: 'x',
        credentials_json: '[]',
        methods_json: '[]',
        created_at: new Date().toISOString(),
      };
      const wrongInsert = runAsTenant(a.id, () =>
        appDb()
          .insertInto('teachers')
          .values({ ...teacher, tenant_id: b.id })
          .execute(),
      );
      await expect(wrongInsert).rejects.toThrow(/row-level security/);
      const nowhere = appDb()
        .insertInto('teachers')
        .values({ ...teacher, tenant_id: a.id })
        .execute();
      await expect(nowhere).rejects.toThrow(/row-level security/);

      // Moving a row to another tenant is refused; B's rows cannot be changed or deleted from A.
      const moved = runAsTenant(a.id, () =>
        appDb().updateTable('courses').set({ tenant_id: b.id }).execute(),
      );
      await expect(moved).rejects.toThrow(/row-level security/);
      const renamed = await runAsTenant(a.id, () =>
        appDb()
          .updateTable('courses')
          .set({ name: 'مخترق' })
          .where('tenant_id', '=', b.id)
          .executeTakeFirst(),
      );
      expect(Number(renamed.numUpdatedRows)).toBe(0);
      const deleted = await runAsTenant(a.id, () =>
        appDb().deleteFrom('users').where('tenant_id', '=', b.id).executeTakeFirst(),
      );
      expect(Number(deleted.numDeletedRows)).toBe(0);
      const names = await api.db.selectFrom('courses').select('name').where('tenant_id', '=', b.id).execute();
      expect(names.map((row) => row.name)).not.toContain('مخترق');
    });

    it('keeps a transaction on the tenant it started with', async () => {
      const seen = await runAsTenant(a.id, () =>
        appDb()
          .transaction()
          .execute(async (trx) => {
            const inB = await runAsTenant(b.id, () => trx.selectFrom('users').select('tenant_id').execute());
            return tenantsOf(inB);
          }),
      );
      expect(seen).toEqual([a.id]);
    });

    it("answers which tenant a code belongs to through code_tenant() only, never the code's row", async () => {
      const [code] = await runAsTenant(b.id, async () => {
        const { issueCodes } = await import('../src/modules/codes/code-issuer');
        const course = await appDb().selectFrom('courses').select('id').executeTakeFirstOrThrow();
        return issueCodes(appDb(), {
          tenantId: b.id,
          target: { table: 'enrollment_codes', courseId: course.id },
          count: 1,
          now: new Date(),
        });
      });
      const fromA = await runAsTenant(a.id, async () => ({
        row: await appDb().selectFrom('enrollment_codes').selectAll().where('code', '=', code!).execute(),
        owner: (
          await sql<{ t: number | null }>`select code_tenant('enrollment', ${code}) as t`.execute(appDb())
        ).rows[0]!.t,
      }));
      expect(fromA).toEqual({ row: [], owner: b.id });
    });

    it('covers a tenant table added after 0004 the next time the migrations run', async () => {
      const owner = new Kysely<unknown>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: api.services.database.ownerUrl!, max: 1 }),
        }),
      });
      try {
        await sql`create table later_notes (id integer primary key, tenant_id integer not null, body text)`.execute(
          owner,
        );
      } finally {
        await owner.destroy();
      }
      await migrateToLatest(api.services.database);
      await sql`insert into later_notes values (1, ${b.id}, 'B')`.execute(api.db);
      const read = (tenantId: number | null) =>
        runAsTenant(tenantId, () => sql<{ body: string }>`select body from later_notes`.execute(appDb()));
      expect((await read(a.id)).rows).toEqual([]);
      expect((await read(b.id)).rows).toEqual([{ body: 'B' }]);
      expect((await read(null)).rows).toEqual([]);
    });
  });
