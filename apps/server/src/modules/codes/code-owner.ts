// Which tenant a live (not disabled) code belongs to, whatever the current tenant: a code is unique
// across tenants, and a student who types another school's unit code is told 403, not 404. On
// PostgreSQL, row-level security hides other tenants' rows, so the question goes to code_tenant(), a
// function owned by the schema owner that answers this and nothing else (migration 0004).
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/connect';

export type CodeKind = 'enrollment' | 'unit';

export async function codeTenant(
  db: Db,
  dialect: DialectName,
  kind: CodeKind,
  code: string,
): Promise<number | null> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ tenant_id: number | null }>`
      select code_tenant(${kind}, ${code}) as tenant_id`.execute(db);
    return rows[0]?.tenant_id ?? null;
  }
  const table = kind === 'enrollment' ? 'enrollment_codes' : 'unit_codes';
  const row = await db
    .selectFrom(table)
    .select('tenant_id')
    .where('code', '=', code)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.tenant_id ?? null;
}
