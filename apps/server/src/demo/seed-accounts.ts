// The demo accounts. An account whose email or phone is already taken in the tenant is left alone
// (and gets no demo progress): the demo never takes over somebody's account.
import { normalizeEmail, normalizePhone } from '@app/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from './catalogue';

/** Hashing is slow on purpose, so it is done before the transaction opens. */
export async function hashDemoPasswords(): Promise<Map<DemoAccountKey, string>> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  return new Map(DEMO_ACCOUNTS.map((account, index) => [account.key, hashes[index] ?? '']));
}

export async function createDemoAccounts(
  trx: Transaction<Database>,
  input: { tenantId: number; now: string; hashes: ReadonlyMap<DemoAccountKey, string> },
): Promise<Map<DemoAccountKey, number>> {
  const emails = DEMO_ACCOUNTS.map((account) => normalizeEmail(account.email));
  const phones = DEMO_ACCOUNTS.map((account) => phoneOf(account.phone));
  const taken = await trx
    .selectFrom('users')
    .select(['email', 'phone'])
    .where('tenant_id', '=', input.tenantId)
    .where((eb) => eb.or([eb('email', 'in', emails), eb('phone', 'in', phones)]))
    .execute();
  const created = new Map<DemoAccountKey, number>();
  for (const account of DEMO_ACCOUNTS) {
    const email = normalizeEmail(account.email);
    const phone = phoneOf(account.phone);
    if (taken.some((row) => row.email === email || row.phone === phone)) continue;
    const row = await trx
      .insertInto('users')
      .values({
        tenant_id: input.tenantId,
        name: account.name,
        email,
        phone,
        parent_phone: account.parentPhone === '' ? '' : phoneOf(account.parentPhone),
        academic_year: account.academicYear,
        is_online: 1,
        role: account.role,
        password_hash: input.hashes.get(account.key) ?? '',
        email_confirmed_at: input.now,
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    created.set(account.key, row.id);
  }
  return created;
}

function phoneOf(raw: string): string {
  const phone = normalizePhone(raw);
  if (phone === null) throw new Error(`demo phone number ${raw} is not valid`);
  return phone;
}
