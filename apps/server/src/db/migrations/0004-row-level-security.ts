// Row-level security on PostgreSQL (nothing on SQLite): every table with a tenant_id column gets the
// tenant policy (db/row-level-security.ts; migrate.ts re-applies it after every run, so later tables are
// covered too), and one deliberate way across tenants.
//
// What legitimately crosses tenants:
// - `tenants` has no tenant_id and no policy: the tenant plugin resolves X-Tenant-ID before any tenant
//   is set.
// - Codes are unique across tenants (a unique index, which policies do not hide), and a student who
//   types another school's unit code is told 403, not 404 (API.md). `code_tenant(kind, code)` answers
//   which tenant a live code belongs to and nothing else. It runs as the owner (SECURITY DEFINER), and
//   the owner may read codes only from inside such a function: the extra policies below apply to the
//   owner role when the session's role is another (the application calling the function). An
//   application that connects as the owner itself therefore gains nothing from them.
// - The outbox (tenant_id nullable, set null when a tenant is deleted) follows the tenant policy: a
//   tenant's mails are written and delivered in that tenant's scope; mails of a deleted tenant stay
//   for a superuser's eyes only.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { applyRowLevelSecurity } from '../row-level-security';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;

  await sql`
    create function code_tenant(kind text, wanted text) returns integer
      language sql stable security definer
      set search_path = pg_catalog, pg_temp
    as $$
      select tenant_id from public.enrollment_codes
       where kind = 'enrollment' and code = wanted and disabled_at is null
      union all
      select tenant_id from public.unit_codes
       where kind = 'unit' and code = wanted and disabled_at is null
      limit 1
    $$`.execute(db);
  await sql`revoke all on function code_tenant(text, text) from public`.execute(db);

  for (const table of ['enrollment_codes', 'unit_codes']) {
    await sql`create policy owner_code_lookup on ${sql.table(table)} for select to current_user
      using (session_user <> current_user)`.execute(db);
  }

  await applyRowLevelSecurity(db);
}
