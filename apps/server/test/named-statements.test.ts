// With `pg` (DATABASE_DRIVER=pg) the app's prepared queries (db/prepared.ts) run as named statements,
// parsed and planned once per connection (issue 17: the database's CPU per read); other statements stay
// unnamed, so one-off queries leave nothing behind on a pooled connection. On SQLite the same
// prepared query simply runs. One pooled connection, so pg_prepared_statements is that connection's.
// (The default pipelined client prepares every statement: pipelined-postgres.test.ts.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { param, prepare, statementNameOf } from '../src/db/prepared';
import { loadConfig } from '../src/config';
import { createTestDatabase, testDbKind, type TestDatabase } from './support/test-database';

let database: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ ...database.fixtureEnv, DATABASE_POOL_SIZE: '1', DATABASE_DRIVER: 'pg' });
  handle = connectDatabase(config.database);
  await migrateToLatest(handle);
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

const tenantBySlug = () =>
  prepare<{ slug: string }, { id: number }>(handle.db, (q) =>
    q.selectFrom('tenants').select('id').where('slug', '=', param<string>('slug')),
  );

describe('a prepared query', () => {
  it('answers with its arguments bound, every time', async () => {
    const query = tenantBySlug();
    await sql`insert into tenants (slug, name, time_zone, created_at) values ('named-a', 'A', 'Africa/Cairo', '2026-11-25T00:00:00Z')`.execute(
      handle.db,
    );
    expect(await query.first({ slug: 'named-a' })).toMatchObject({ id: expect.any(Number) });
    expect(await query.first({ slug: 'named-missing' })).toBeUndefined();
    expect(await query.first({ slug: 'named-a' })).toMatchObject({ id: expect.any(Number) });
  });
});

// Defined for the database the project runs on, not skipped on the other.
if (testDbKind() === 'postgres')
  describe('on PostgreSQL through `pg`', () => {
    it('is a named statement, kept once on the connection; an ad-hoc query is not named', async () => {
      const query = tenantBySlug();
      await query.first({ slug: 'named-a' });
      await query.first({ slug: 'named-b' });
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(handle.db);
      const ours = rows.filter((row) => row.statement.includes('from "tenants"'));
      expect(ours).toHaveLength(1);
      expect(ours[0]!.name).toMatch(/^lp_[0-9a-f]{24}$/);
      expect(statementNameOf(ours[0]!.statement)).toBe(ours[0]!.name);
      // This very query ran unnamed: only prepared queries are kept on the connection.
      expect(rows.every((row) => row.name.startsWith('lp_'))).toBe(true);
    });
  });
