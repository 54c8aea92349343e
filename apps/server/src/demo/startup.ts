// The start-up hook: loads the demo according to LOAD_DEMO and prints how to log in.
//   false: never.
//   true:  whenever the default tenant has no courses.
//   auto:  like true, but not into a tenant that already has accounts and no courses (a real school
//          that has started setting up must not get demo content by surprise).
// Either way, when the demo is there its summary is printed, so the unused codes show on every start.
import type { Db } from '../db/connect';
import type { Tenant } from '../db/schema';
import type { Clock } from '../lib/clock';
import { runAsTenant } from '../lib/tenant-context';
import { loadDemo } from './load-demo';
import { formatDemoSummary, hasDemoContent, type DemoSummary } from './summary';

export async function loadDemoAtStartup(input: {
  db: Db;
  clock: Clock;
  dataDir: string;
  tenant: Tenant;
  mode: 'auto' | 'true' | 'false';
  print: (text: string) => void;
}): Promise<DemoSummary | null> {
  const { db, tenant, mode } = input;
  if (mode === 'false') return null;
  if (mode === 'auto' && (await runAsTenant(tenant.id, () => hasAccountsButNoCourses(db, tenant.id))))
    return null;
  const summary = await loadDemo({ db, tenantId: tenant.id, clock: input.clock, dataDir: input.dataDir });
  if (hasDemoContent(summary)) input.print(formatDemoSummary(summary));
  return summary;
}

async function hasAccountsButNoCourses(db: Db, tenantId: number): Promise<boolean> {
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  if (course) return false;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  return user !== undefined;
}
