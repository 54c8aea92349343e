// The devices that have signed in to an account. The login limits trust them: when strangers have
// used up an account's allowance of wrong passwords, a device the owner has signed in from before
// is still judged (on its own address's allowance), so a classmate cannot lock the owner out.
import type { Db } from '../../db/connect';
import { sha256Hex } from '../../lib/secrets';

/**
 * Withdraws the trust of an account's devices whose sessions were ended from elsewhere (an admin, a
 * password change or reset, a self-service sign-out): a lost or shared phone must earn it again with
 * a successful login. Without `deviceIds`, every device of the account.
 */
export async function forgetLoginDevices(on: Db, userId: number, deviceIds?: readonly string[]) {
  if (deviceIds?.length === 0) return;
  let query = on.deleteFrom('login_devices').where('user_id', '=', userId);
  if (deviceIds)
    query = query.where(
      'device_hash',
      'in',
      deviceIds.map((id) => sha256Hex(id)),
    );
  await query.execute();
}

export class LoginDevices {
  constructor(private readonly db: Db) {}

  async isKnown(userId: number, deviceId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_devices')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('device_hash', '=', sha256Hex(deviceId))
      .executeTakeFirst();
    return row !== undefined;
  }

  async remember(input: { tenantId: number; userId: number; deviceId: string; now: Date }): Promise<void> {
    const lastLoginAt = input.now.toISOString();
    await this.db
      .insertInto('login_devices')
      .values({
        tenant_id: input.tenantId,
        user_id: input.userId,
        device_hash: sha256Hex(input.deviceId),
        last_login_at: lastLoginAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_login_at: lastLoginAt }))
      .execute();
  }
}
