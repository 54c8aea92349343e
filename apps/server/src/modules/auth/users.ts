// Account queries, always scoped by tenant.
import { normalizeEmail, normalizePhone } from '@app/domain';
import type { Db } from '../../db/connect';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { conflict } from '../../lib/app-error';

export const EMAIL_TAKEN = 'Email is already registered';
export const PHONE_TAKEN = 'Phone number is already registered';

export class UserRepository {
  constructor(private readonly db: Db) {}

  byId(tenantId: number, id: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byEmail(tenantId: number, email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  /** `EmailorMobile`: the account's email (any case, trimmed) or its phone number. */
  async byEmailOrMobile(tenantId: number, identifier: string): Promise<UserRow | undefined> {
    if (identifier.includes('@')) return this.byEmail(tenantId, identifier);
    const phone = normalizePhone(identifier);
    if (phone === null) return undefined;
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .executeTakeFirst();
  }

  /** Inserts the account; a taken email or phone is a 409 even when two registrations race. */
  async create(user: NewUser): Promise<UserRow> {
    const taken = await this.db
      .selectFrom('users')
      .select(['email', 'phone'])
      .where('tenant_id', '=', user.tenant_id)
      .where((eb) => eb.or([eb('email', '=', user.email), eb('phone', '=', user.phone)]))
      .execute();
    if (taken.some((row) => row.email === user.email)) throw conflict(EMAIL_TAKEN);
    if (taken.length > 0) throw conflict(PHONE_TAKEN);
    try {
      return await this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error, 'email')) throw conflict(EMAIL_TAKEN);
      if (isUniqueViolation(error, 'phone')) throw conflict(PHONE_TAKEN);
      throw error;
    }
  }

  async update(tenantId: number, id: number, changes: UserUpdate): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set(changes)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
