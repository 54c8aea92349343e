// Loads the Arabic demo catalogue into a tenant that has no courses yet; with courses it changes
// nothing and returns the summary of what is there (accounts, unused demo codes).
//
// The catalogue and the accounts are written in one transaction, which starts by locking the tenant
// row, so two processes starting together load the demo once. Codes are issued by issueCodes (its
// own transactions), then the demo student's history is written in a second transaction; if either
// fails, everything the first wrote is removed again, so a failed load can simply be retried.
// It all runs in the tenant's scope (row-level security on PostgreSQL), whoever calls it.
import type { Transaction } from 'kysely';
import type { Db } from '../db/connect';
import type { Database, Tenant } from '../db/schema';
import type { Clock } from '../lib/clock';
import { runAsTenant } from '../lib/tenant-context';
import { writeDemoBooks } from './books';
import { writeDemoBanks } from './question-bank';
import { DEMO_CONTACT } from './catalogue';
import { DemoUploads } from './media';
import { createDemoAccounts, hashDemoPasswords } from './seed-accounts';
import { issueDemoCodes, seedStudentProgress } from './seed-progress';
import { readDemoSummary, type DemoSummary } from './summary';
import { writeCatalogue, type WrittenCatalogue } from './write-catalogue';

export type { DemoSummary } from './summary';
export { formatDemoSummary } from './summary';

export type DemoDeps = { db: Db; tenantId: number; clock: Clock; dataDir: string };

type ContactLinks = Pick<Tenant, 'whatsapp_number' | 'facebook_page' | 'youtube_channel' | 'tiktok_channel'>;
type Written = {
  catalogue: WrittenCatalogue;
  userIds: Map<string, number>;
  studentId: number | undefined;
  previousContact: ContactLinks;
  bookIds: number[];
};

export function loadDemo(deps: DemoDeps): Promise<DemoSummary> {
  return runAsTenant(deps.tenantId, () => loadDemoInScope(deps));
}

async function loadDemoInScope(deps: DemoDeps): Promise<DemoSummary> {
  const { db, tenantId, clock, dataDir } = deps;
  // Cheap check first, so a normal restart does not pay for password hashing.
  if (await hasCourses(db, tenantId)) return readDemoSummary(db, tenantId, false);

  const now = clock.now();
  const nowIso = now.toISOString();
  const hashes = await hashDemoPasswords();
  const uploads = new DemoUploads(dataDir, tenantId);

  let written: Written | null;
  try {
    written = await db.transaction().execute(async (trx): Promise<Written | null> => {
      const previousContact = await lockTenant(trx, tenantId);
      if (await hasCourses(trx, tenantId)) return null;
      await trx.updateTable('tenants').set(DEMO_CONTACT).where('id', '=', tenantId).execute();
      const catalogue = await writeCatalogue(trx, { tenantId, now: nowIso, uploads });
      await writeDemoBanks(trx, { tenantId, now: nowIso, catalogue });
      const accounts = await createDemoAccounts(trx, { tenantId, now: nowIso, hashes });
      const bookIds = await writeDemoBooks(trx, { tenantId, now: nowIso });
      return { catalogue, userIds: accounts, studentId: accounts.get('student'), previousContact, bookIds };
    });
  } catch (error) {
    uploads.discard();
    throw error;
  }
  if (!written) {
    uploads.discard();
    return readDemoSummary(db, tenantId, false);
  }

  try {
    await issueDemoCodes(db, tenantId, written.catalogue, now);
    if (written.studentId !== undefined) {
      await seedStudentProgress(db, {
        tenantId,
        studentId: written.studentId,
        catalogue: written.catalogue,
        now,
      });
    }
  } catch (error) {
    await removeDemo(db, tenantId, written).catch(() => undefined);
    uploads.discard();
    throw error;
  }
  return readDemoSummary(db, tenantId, true);
}

async function hasCourses(db: Db | Transaction<Database>, tenantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('courses')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A write to the tenant row takes its lock (a row lock on PostgreSQL, the write lock on SQLite), so a
 * second loader waits here until the first has committed, then sees its courses.
 */
async function lockTenant(trx: Transaction<Database>, tenantId: number): Promise<ContactLinks> {
  const locked = await trx
    .updateTable('tenants')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', tenantId)
    .returning(['whatsapp_number', 'facebook_page', 'youtube_channel', 'tiktok_channel'])
    .executeTakeFirst();
  if (!locked) throw new Error(`tenant ${tenantId} does not exist`);
  return locked;
}

/** Undoes the first transaction; deleting the courses removes units, lessons, codes and progress. */
async function removeDemo(db: Db, tenantId: number, written: Written): Promise<void> {
  const courseIds = [...written.catalogue.courses.values()].map((course) => course.id);
  const userIds = [...written.userIds.values()];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('courses').where('tenant_id', '=', tenantId).where('id', 'in', courseIds).execute();
    if (written.catalogue.teacherIds.length > 0) {
      await trx.deleteFrom('teachers').where('id', 'in', written.catalogue.teacherIds).execute();
    }
    if (userIds.length > 0) await trx.deleteFrom('users').where('id', 'in', userIds).execute();
    if (written.bookIds.length > 0)
      await trx.deleteFrom('books').where('id', 'in', written.bookIds).execute();
    await trx.updateTable('tenants').set(written.previousContact).where('id', '=', tenantId).execute();
  });
}
