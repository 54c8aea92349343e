// The way out of the device limit for a student whose old browser still holds a slot (issue 15):
// with their password (no session: they are locked out) they see the account's live devices and may
// sign one out, once per SELF_SIGN_OUT_DAYS, so that two people cannot share an account by taking
// turns. Both calls are judged as a login is (AuthService.authenticate: its limits, its 401). An
// admin's "end sessions" stays unlimited; a password reset still ends every session.
import { SELF_SIGN_OUT_DAYS } from '@app/domain';
import type { Db } from '../../db/connect';
import type { DeviceSession, Tenant } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ClientAddress } from '../../lib/limits';
import { hmacBase64url } from '../../lib/secrets';
import type { AuthService, Credentials } from './auth-service';
import type { SessionRepository } from './sessions';
import { describeUserAgent } from './user-agent';
import { forgetLoginDevices } from './login-devices';

export const DEVICE_NOT_FOUND = 'Device not found.';
export const SIGN_OUT_ALLOWANCE_USED = `You can sign out one device every ${SELF_SIGN_OUT_DAYS} days.`;

const ALLOWANCE_MS = SELF_SIGN_OUT_DAYS * 86_400_000;

export type OwnDevice = {
  id: string;
  browser: string | null;
  os: string | null;
  lastUsedAt: string;
  current: boolean;
};

type Deps = {
  auth: AuthService;
  sessions: SessionRepository;
  db: Db;
  clock: Clock;
  /** Key of the shown device ids: a keyed hash of the session id, so the stored id never leaves. */
  idKey: Uint8Array;
};

export class OwnDevicesService {
  constructor(private readonly deps: Deps) {}

  /** The account's live devices, most recently used first, and when the next sign-out is allowed. */
  async list(tenant: Tenant, credentials: Credentials, deviceId: string, address: ClientAddress) {
    const { auth, sessions, clock } = this.deps;
    const user = await auth.authenticate(tenant, credentials, deviceId, address);
    const now = clock.now();
    const live = await sessions.liveOf(tenant.id, user.id, now);
    return {
      devices: live.map((session): OwnDevice => this.shown(session, deviceId)),
      nextSignOutAt: nextSignOutAt(user.last_self_signout_at, now),
    };
  }

  /**
   * Ends one of the account's live sessions, named by its shown id. The allowance is spent by a
   * conditional UPDATE in the same transaction as the delete: of two parallel sign-outs one spends it
   * and the other finds it spent (429); a sign-out that finds no session spends nothing (404).
   */
  async signOut(
    tenant: Tenant,
    credentials: Credentials,
    deviceId: string,
    address: ClientAddress,
    shownId: string,
  ): Promise<{ nextSignOutAt: string }> {
    const { auth, sessions, clock, db } = this.deps;
    const user = await auth.authenticate(tenant, credentials, deviceId, address);
    const now = clock.now();
    const nowIso = now.toISOString();
    const target = (await sessions.liveOf(tenant.id, user.id, now)).find(
      (session) => this.shownId(session.id) === shownId,
    );
    if (!target) throw notFound(DEVICE_NOT_FOUND);
    await db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('users')
        .set({ last_self_signout_at: nowIso })
        .where('id', '=', user.id)
        .where('tenant_id', '=', tenant.id)
        .where((eb) =>
          eb.or([
            eb('last_self_signout_at', 'is', null),
            eb('last_self_signout_at', '<=', new Date(now.getTime() - ALLOWANCE_MS).toISOString()),
          ]),
        )
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) {
        const row = await trx
          .selectFrom('users')
          .select('last_self_signout_at')
          .where('id', '=', user.id)
          .where('tenant_id', '=', tenant.id)
          .executeTakeFirst();
        throw allowanceUsed(row?.last_self_signout_at ?? nowIso, now);
      }
      const ended = await trx
        .deleteFrom('device_sessions')
        .where('id', '=', target.id)
        .where('user_id', '=', user.id)
        .where('tenant_id', '=', tenant.id)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
      // Gone meanwhile (its own logout, a password reset): the transaction gives the allowance back.
      if (Number(ended.numDeletedRows) !== 1) throw notFound(DEVICE_NOT_FOUND);
      await forgetLoginDevices(trx, user.id, [target.device_id]);
    });
    await sessions.forgetSession(target.id);
    return { nextSignOutAt: new Date(now.getTime() + ALLOWANCE_MS).toISOString() };
  }

  private shown(session: DeviceSession, callerDeviceId: string): OwnDevice {
    return {
      id: this.shownId(session.id),
      ...describeUserAgent(session.user_agent),
      lastUsedAt: session.refreshed_at,
      current: session.device_id === callerDeviceId,
    };
  }

  /** 22 url-safe characters (132 bits) of a keyed hash: stable for a session, meaningless elsewhere. */
  private shownId(sessionId: string): string {
    return hmacBase64url(this.deps.idKey, sessionId).slice(0, 22);
  }
}

/** When the account may sign a device out again; null when it may now. */
function nextSignOutAt(lastSelfSignOutAt: string | null, now: Date): string | null {
  if (!lastSelfSignOutAt) return null;
  const next = Date.parse(lastSelfSignOutAt) + ALLOWANCE_MS;
  return next > now.getTime() ? new Date(next).toISOString() : null;
}

function allowanceUsed(lastSelfSignOutAt: string, now: Date): AppError {
  const next = nextSignOutAt(lastSelfSignOutAt, now) ?? new Date(now.getTime() + 1000).toISOString();
  return new AppError(429, SIGN_OUT_ALLOWANCE_USED, {
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(next) - now.getTime()) / 1000)),
    data: { nextSignOutAt: next },
  });
}
