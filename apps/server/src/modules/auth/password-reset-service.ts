// "Forgot password": a 6-digit code by mail, stored as a keyed hash, valid 10 minutes, 5 tries.
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import { addMinutes, type Clock } from '../../lib/clock';
import { badRequest } from '../../lib/app-error';
import type { ClientAddress, Limits } from '../../lib/limits';
import { equalHex, hmacHex, randomDigits } from '../../lib/secrets';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { hashPassword } from './passwords';
import type { UserRepository } from './users';
import { forgetLoginDevices } from './login-devices';
import type { SessionRepository } from './sessions';

export const RESET_CODE_MINUTES = 10;
export const RESET_CODE_TRIES = 5;
export const INVALID_RESET_CODE = 'Invalid or expired code';

type Deps = {
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  limits: Limits;
  mailer: Mailer;
  clock: Clock;
  codeKey: Uint8Array;
};

export class PasswordResetService {
  constructor(private readonly deps: Deps) {}

  /** Always looks the same to the caller, whether or not the email has an account. */
  async requestCode(tenant: Tenant, email: string, address: ClientAddress): Promise<void> {
    const { db, users, limits, mailer, clock, codeKey } = this.deps;
    await limits.forgotAddress.consume(address);
    await limits.forgotEmail.consume(`${tenant.id}:${email}`);
    const user = await users.byEmail(tenant.id, email);
    if (!user) return;
    const code = randomDigits(6);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('password_resets')
        .values({
          tenant_id: tenant.id,
          user_id: user.id,
          code_hash: hmacHex(codeKey, `${user.id}:${code}`),
          attempts: 0,
          expires_at: addMinutes(now, RESET_CODE_MINUTES).toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
    });
    await mailer.send({ tenantId: tenant.id, to: user.email, ...passwordResetMail(tenant.name, code) });
  }

  /** Sets the new password and ends every device session of the account. */
  async reset(tenant: Tenant, input: { email: string; otp: string; newPassword: string }): Promise<void> {
    const { db, users, sessions, clock, codeKey } = this.deps;
    const user = await users.byEmail(tenant.id, input.email);
    if (!user) throw badRequest(INVALID_RESET_CODE);
    const now = clock.now().toISOString();
    // Spend a try before comparing, atomically, so parallel guesses cannot exceed the allowance.
    const spent = await db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', user.id)
      .where('tenant_id', '=', tenant.id)
      .where('attempts', '<', RESET_CODE_TRIES)
      .where('expires_at', '>', now)
      .returning(['id', 'code_hash'])
      .executeTakeFirst();
    if (!spent || !equalHex(spent.code_hash, hmacHex(codeKey, `${user.id}:${input.otp.trim()}`))) {
      throw badRequest(INVALID_RESET_CODE);
    }
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction().execute(async (trx) => {
      const used = await trx.deleteFrom('password_resets').where('id', '=', spent.id).executeTakeFirst();
      // A parallel reset with the same code already used it.
      if (Number(used.numDeletedRows) !== 1) throw badRequest(INVALID_RESET_CODE);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      await trx.deleteFrom('device_sessions').where('user_id', '=', user.id).execute();
      await forgetLoginDevices(trx, user.id);
    });
    await sessions.forgetUser(user.id);
  }
}
