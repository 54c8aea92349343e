// The schools the exam sweeper must visit: those with an open attempt past its deadline or a
// submitted bank attempt not yet folded into the drawn counts. Asked once a sweep, so that a sweep
// touches no school with nothing to do: with the pipelined PostgreSQL client a school's pool is one of
// the few a process may hold (decision 0016), and visiting every school every few seconds would close
// the pools of the busy ones to open those of the idle.
//
// SQLite has no row-level security: one query across tenants. On PostgreSQL the policies show a
// statement one tenant's rows, so the question is asked per tenant inside one transaction outside any
// tenant, the tenant's setting made local to that transaction (`set_config(…, true)`): it is gone at
// the commit, and the connection goes back to showing no rows.
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/connect';
import { TENANT_SETTING } from '../../db/tenant-scoped-dialect';

// An attempt is due once `now` is past its deadline (isPastDeadline: a save at the deadline itself is
// taken). `tallied = 0 and source = 'bank'` as literals: the partial index's own predicate.
const dueWork = (now: string) => sql<boolean>`
  exists (select 1 from exam_attempts where submitted_at is null and deadline_at < ${now})
  or exists (select 1 from exam_attempts
             where tallied = 0 and source = 'bank' and submitted_at is not null)`;

/** The ids of the tenants with exam work due at `now`, in order. Run outside any tenant scope. */
export async function tenantsWithExamWork(db: Db, dialect: DialectName, now: string): Promise<number[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ tenant_id: number }>`
      select distinct tenant_id from exam_attempts where submitted_at is null and deadline_at < ${now}
      union
      select tenant_id from exam_attempts where tallied = 0 and source = 'bank' and submitted_at is not null
      order by tenant_id`.execute(db);
    return rows.map((row) => row.tenant_id);
  }
  const tenants = await db.selectFrom('tenants').select('id').orderBy('id').execute();
  if (tenants.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const due: number[] = [];
    for (const { id } of tenants) {
      await sql`select set_config(${TENANT_SETTING}, ${String(id)}, true)`.execute(trx);
      const { rows } = await sql<{ due: boolean }>`select ${dueWork(now)} as due`.execute(trx);
      if (rows[0]?.due) due.push(id);
    }
    return due;
  });
}
