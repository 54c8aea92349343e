// Row-level security seen through the app's own connection (either PostgreSQL driver): what a query
// that forgets its tenant filter sees in each scope.
import { expect } from 'vitest';
import type { Db } from '../../src/db/connect';
import type { Tenant } from '../../src/db/schema';
import { runAsTenant } from '../../src/lib/tenant-context';
import { ensureTenant } from './auth-helpers';
import { buildCourse } from './catalogue-fixture';
import { registerStudent, TENANT, type TestApi } from './test-api';

/** The distinct tenants of some rows, in order. */
export const tenantsOf = (rows: { tenant_id: number }[]) =>
  [...new Set(rows.map((row) => row.tenant_id))].sort();

/** `rounds` reads of every course, at once, in scopes that alternate between two tenants: each sees its own. */
export async function expectScopesKeptApart(db: Db, a: number, b: number, rounds = 40): Promise<void> {
  const seen = await Promise.all(
    Array.from({ length: rounds }, (_, index) => {
      const tenant = index % 3 === 0 ? b : a;
      return runAsTenant(tenant, async () => ({
        wanted: tenant,
        seen: tenantsOf(await db.selectFrom('courses').select('tenant_id').execute()),
      }));
    }),
  );
  for (const round of seen) expect(round.seen).toEqual([round.wanted]);
}

/** The default school and a second one, each with a student and a one-video course. */
export async function twoSchools(api: TestApi): Promise<{ a: Tenant; b: Tenant }> {
  const a = (await api.services.tenants.bySlug(TENANT))!;
  const b = await ensureTenant(api, 'tenant9');
  await registerStudent(api);
  await registerStudent(api, {}, 'tenant9');
  await buildCourse(api.db, { tenantId: a.id, units: [[{ type: 'Video' }]] });
  await buildCourse(api.db, { tenantId: b.id, units: [[{ type: 'Video' }]] });
  return { a, b };
}
