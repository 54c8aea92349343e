// Device sessions. The limit of MAX_DEVICES live sessions per account is held by the database:
// each session takes a numbered slot, (user_id, slot) is unique, and an insert that finds its slot
// taken does nothing. Parallel logins therefore cannot overshoot, on one process or many.
//
// The live-session read of every authenticated request goes through a SessionCache; every write here
// that ends a session forgets it there after its commit. A caller that ends sessions in its own
// transaction (endAll with `on`), or changes a user's cached fields, calls forgetUser after its commit.
import { randomUUID } from 'node:crypto';
import { MAX_DEVICES } from '@app/domain';
import type { Db } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import type { DeviceSession, UserRow } from '../../db/schema';
import { forbidden } from '../../lib/app-error';
import { forgetLoginDevices } from './login-devices';
import { SessionCache } from './session-cache';
import { REFRESH_GRACE_SECONDS, REFRESH_TOKEN_DAYS } from './tokens';

export const DEVICE_LIMIT_MESSAGE = "You can't log in from more than two devices.";

const expiryFrom = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000).toISOString();

export type LiveSession = {
  sessionId: string;
  user: Pick<UserRow, 'id' | 'tenant_id' | 'name' | 'email' | 'phone' | 'academic_year' | 'role'>;
};

export class SessionRepository {
  private readonly liveSession;

  constructor(
    private readonly db: Db,
    private readonly cache: SessionCache = SessionCache.off(),
  ) {
    this.liveSession = prepare<
      { sessionId: string; tenantId: number; now: string },
      LiveSession['user'] & { sessionId: string; expiresAt: string }
    >(db, (q) =>
      q
        .selectFrom('device_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.id as sessionId',
          's.expires_at as expiresAt',
          'u.id',
          'u.tenant_id',
          'u.name',
          'u.email',
          'u.phone',
          'u.academic_year',
          'u.role',
        ])
        .where('s.id', '=', param<string>('sessionId'))
        .where('s.tenant_id', '=', param<number>('tenantId'))
        .where('s.expires_at', '>', param<string>('now')),
    );
  }

  /**
   * Opens a session for (user, device). The same device replaces its own session; expired sessions
   * free their slots; when every slot is live the login is refused.
   */
  async open(input: {
    tenantId: number;
    userId: number;
    deviceId: string;
    refreshHash: string;
    now: Date;
    userAgent?: string | null;
  }) {
    const nowIso = input.now.toISOString();
    let replaced: string[] = [];
    const opened = await this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('device_sessions')
        .where('user_id', '=', input.userId)
        .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('device_id', '=', input.deviceId)]))
        .returning('id')
        .execute();
      replaced = deleted.map((session) => session.id);
      for (let slot = 1; slot <= MAX_DEVICES; slot += 1) {
        const id = randomUUID();
        const inserted = await trx
          .insertInto('device_sessions')
          .values({
            id,
            tenant_id: input.tenantId,
            user_id: input.userId,
            device_id: input.deviceId,
            slot,
            refresh_hash: input.refreshHash,
            previous_refresh_hash: null,
            created_at: nowIso,
            refreshed_at: nowIso,
            expires_at: expiryFrom(input.now),
            user_agent: input.userAgent ?? null,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) return { sessionId: inserted.id };
      }
      throw forbidden(DEVICE_LIMIT_MESSAGE);
    });
    // The device's previous session is over wherever it is cached.
    await this.cache.forget({ sessionIds: replaced });
    return opened;
  }

  /** The session and its user when the session is still live: checked on every authenticated call. */
  async findLive(sessionId: string, tenantId: number, now: Date): Promise<LiveSession | null> {
    return this.cache.read(sessionId, tenantId, now, async () => {
      const row = await this.liveSession.first({ sessionId, tenantId, now: now.toISOString() });
      if (!row) return null;
      const { sessionId: id, expiresAt, ...user } = row;
      return { session: { sessionId: id, user }, expiresAt: Date.parse(expiresAt) };
    });
  }

  /**
   * Rotates a refresh token to `next` (derived from the presented one, so every caller presenting the
   * same token computes the same successor). A token rotated away less than REFRESH_GRACE_SECONDS ago,
   * whose successor is still current, answers again with that successor: two tabs refreshing together
   * stay signed in (RFC 9700 §4.14.2). Past the grace, or once the successor was itself rotated,
   * presenting it again is 'reused': whoever holds it is not the device that holds the current one,
   * so the session is ended.
   */
  async rotate(input: {
    tenantId: number;
    deviceId: string;
    presentedHash: string;
    nextHash: string;
    now: Date;
  }): Promise<{ kind: 'rotated'; sessionId: string; userId: number } | { kind: 'reused' | 'invalid' }> {
    const nowIso = input.now.toISOString();
    const current = await this.db
      .selectFrom('device_sessions')
      .select(['id', 'user_id', 'device_id', 'tenant_id', 'expires_at'])
      .where('refresh_hash', '=', input.presentedHash)
      .executeTakeFirst();
    if (current) {
      if (
        current.tenant_id !== input.tenantId ||
        current.device_id !== input.deviceId ||
        current.expires_at <= nowIso
      ) {
        return { kind: 'invalid' };
      }
      const updated = await this.db
        .updateTable('device_sessions')
        .set({
          refresh_hash: input.nextHash,
          previous_refresh_hash: input.presentedHash,
          refreshed_at: nowIso,
          expires_at: expiryFrom(input.now),
        })
        .where('id', '=', current.id)
        .where('refresh_hash', '=', input.presentedHash)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1)
        return { kind: 'rotated', sessionId: current.id, userId: current.user_id };
      // Zero rows: a parallel call rotated the same token first; it is judged as a recent rotation.
    }
    const rotatedAway = await this.db
      .selectFrom('device_sessions')
      .select(['id', 'user_id', 'device_id', 'tenant_id', 'refresh_hash', 'refreshed_at', 'expires_at'])
      .where('previous_refresh_hash', '=', input.presentedHash)
      .where('tenant_id', '=', input.tenantId)
      .executeTakeFirst();
    if (!rotatedAway) return { kind: 'invalid' };
    const graceEnds = Date.parse(rotatedAway.refreshed_at) + REFRESH_GRACE_SECONDS * 1000;
    if (
      rotatedAway.refresh_hash === input.nextHash &&
      rotatedAway.device_id === input.deviceId &&
      rotatedAway.expires_at > nowIso &&
      input.now.getTime() <= graceEnds
    ) {
      return { kind: 'rotated', sessionId: rotatedAway.id, userId: rotatedAway.user_id };
    }
    await this.end(rotatedAway.id);
    return { kind: 'reused' };
  }

  /**
   * The account's live sessions, most recently used first. Its expired ones are deleted on the way
   * (as a login deletes them): they hold no slot and are never listed.
   */
  async liveOf(tenantId: number, userId: number, now: Date): Promise<DeviceSession[]> {
    const nowIso = now.toISOString();
    await this.db
      .deleteFrom('device_sessions')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('expires_at', '<=', nowIso)
      .execute();
    return this.db
      .selectFrom('device_sessions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .orderBy('refreshed_at', 'desc')
      .orderBy('slot')
      .execute();
  }

  async end(sessionId: string): Promise<void> {
    await this.db.deleteFrom('device_sessions').where('id', '=', sessionId).execute();
    await this.forgetSession(sessionId);
  }

  async endByRefreshHash(tenantId: number, refreshHash: string): Promise<void> {
    const ended = await this.db
      .deleteFrom('device_sessions')
      .where('tenant_id', '=', tenantId)
      .where('refresh_hash', '=', refreshHash)
      .returning('id')
      .execute();
    await this.cache.forget({ sessionIds: ended.map((session) => session.id) });
  }

  /**
   * Ends every session of the account, or every one but `keepSessionId`. Returns how many ended.
   * `on` is a transaction the caller writes more in (an admin's audit entry); the caller then calls
   * forgetUser after its commit.
   */
  async endAll(userId: number, keepSessionId?: string, on: Db = this.db): Promise<number> {
    let query = on.deleteFrom('device_sessions').where('user_id', '=', userId);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    const ended = await query.returning(['id', 'device_id']).execute();
    await forgetLoginDevices(
      on,
      userId,
      ended.map((session) => session.device_id),
    );
    if (on === this.db) await this.cache.forget({ sessionIds: ended.map((session) => session.id) });
    return ended.length;
  }

  /** After the commit of a write that ended this session elsewhere (own-devices.ts). */
  forgetSession(sessionId: string): Promise<void> {
    return this.cache.forget({ sessionIds: [sessionId] });
  }

  /**
   * After the commit of a write that ended the user's sessions in the caller's own transaction, or
   * changed what a live session carries of the user (name, phone, academic year, role, email).
   */
  forgetUser(userId: number): Promise<void> {
    return this.cache.forget({ userIds: [userId] });
  }
}
