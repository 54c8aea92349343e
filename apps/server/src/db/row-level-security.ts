// PostgreSQL row-level security: the second wall between tenants, behind the `tenant_id = ?` filter
// every query already carries. Every table with a tenant_id column gets RLS enabled and forced (the
// owner is held to it too, unless superuser) and one policy for reads and writes: the row's tenant must
// be the connection's `app.tenant_id` (set per request by tenant-scoped-dialect.ts). Unset or empty
// means no tenant: nothing is visible and nothing can be written (fail closed).
//
// The tables are found in the catalogue, not listed here, so a table added by a later migration is
// covered without anyone remembering to: migration 0004 applies this once, and migrate.ts applies it
// again after every run of the migrations. Each run only changes what is missing, so a restart takes
// no table lock once everything is in place.
import { sql, type QueryExecutorProvider } from 'kysely';
import { TENANT_SETTING } from './tenant-scoped-dialect';

export const TENANT_POLICY = 'tenant_isolation';

/** The row's tenant is the connection's; NULLIF turns an empty setting into NULL, which matches nothing. */
export const TENANT_PREDICATE = `tenant_id = NULLIF(current_setting('${TENANT_SETTING}', true), '')::integer`;

/** Any number, as long as nothing else in the database takes the same advisory lock. */
const RLS_LOCK_KEY = 7_310_402;

type TenantTable = { name: string; enabled: boolean; forced: boolean; hasPolicy: boolean };

/** Tables of the current schema with a tenant_id column, and how far RLS is set up on each. */
export async function tenantTables(db: QueryExecutorProvider): Promise<TenantTable[]> {
  const { rows } = await sql<{ name: string; enabled: boolean; forced: boolean; has_policy: boolean }>`
    select c.relname as name,
           c.relrowsecurity as enabled,
           c.relforcerowsecurity as forced,
           exists (
             select 1 from pg_policy p where p.polrelid = c.oid and p.polname = ${TENANT_POLICY}
           ) as has_policy
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where n.nspname = current_schema()
       and c.relkind in ('r', 'p')
     order by c.relname`.execute(db);
  return rows.map((row) => ({
    name: row.name,
    enabled: row.enabled,
    forced: row.forced,
    hasPolicy: row.has_policy,
  }));
}

/**
 * Enables, forces and adds the tenant policy wherever it is missing. Run it inside a transaction: it
 * takes an advisory lock for that transaction, so processes starting together do not race.
 */
export async function applyRowLevelSecurity(db: QueryExecutorProvider): Promise<string[]> {
  await sql`select pg_advisory_xact_lock(${RLS_LOCK_KEY})`.execute(db);
  const changed: string[] = [];
  for (const table of await tenantTables(db)) {
    const name = sql.table(table.name);
    if (!table.enabled) await sql`alter table ${name} enable row level security`.execute(db);
    if (!table.forced) await sql`alter table ${name} force row level security`.execute(db);
    if (!table.hasPolicy) {
      await sql`create policy ${sql.id(TENANT_POLICY)} on ${name}
        using (${sql.raw(TENANT_PREDICATE)}) with check (${sql.raw(TENANT_PREDICATE)})`.execute(db);
    }
    if (!table.enabled || !table.forced || !table.hasPolicy) changed.push(table.name);
  }
  return changed;
}

/**
 * Lets the application's role read and write rows (never TRUNCATE, which ignores policies, nor DDL),
 * use the id sequences and call the functions the owner made for it. Only what is missing is granted.
 */
export async function grantToApplication(db: QueryExecutorProvider, role: string): Promise<void> {
  const who = sql.id(role);
  // CASE keeps each privilege function to the objects of its kind: the planner may otherwise call it
  // on any row of pg_class (a toast table is "not a sequence").
  const { rows } = await sql<{ kind: string; name: string }>`
    select kind, name from (
      select case c.relkind when 'S' then 'sequence' else 'table' end as kind,
             c.relname as name,
             case c.relkind
               when 'S' then has_sequence_privilege(${role}, c.oid, 'USAGE')
               else has_table_privilege(${role}, c.oid, 'SELECT, INSERT, UPDATE, DELETE')
             end as granted
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p', 'S')
      union all
      select 'function', p.oid::regprocedure::text, has_function_privilege(${role}, p.oid, 'EXECUTE')
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = current_schema() and p.prosecdef
    ) objects
    where not granted`.execute(db);
  for (const { kind, name } of rows) {
    if (kind === 'table')
      await sql`grant select, insert, update, delete on ${sql.table(name)} to ${who}`.execute(db);
    else if (kind === 'sequence')
      await sql`grant usage, select on sequence ${sql.table(name)} to ${who}`.execute(db);
    else await sql`grant execute on function ${sql.raw(name)} to ${who}`.execute(db);
  }
}

/** Whether a role escapes the policies: superusers and BYPASSRLS roles always do. */
export async function bypassesRowSecurity(
  db: QueryExecutorProvider,
): Promise<{ role: string; bypasses: boolean }> {
  const { rows } = await sql<{ role: string; bypasses: boolean }>`
    select current_user as role, (rolsuper or rolbypassrls) as bypasses
      from pg_roles where rolname = current_user`.execute(db);
  return rows[0] ?? { role: 'unknown', bypasses: false };
}
