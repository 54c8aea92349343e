// The student's own account: read, and update only what changed.
import type { ProfileUpdateRequest } from '@app/contract';
import type { z } from 'zod';
import type { UserUpdate } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { LiveSession, SessionRepository } from '../auth/sessions';
import type { UserRepository } from '../auth/users';
import { toUser } from '../auth/user-view';

export const NO_CHANGES = 'No changes were made';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';

type Update = z.output<typeof ProfileUpdateRequest>;

export class ProfileService {
  constructor(private readonly deps: { users: UserRepository; sessions: SessionRepository; clock: Clock }) {}

  /** The profile from the live session's row, which every authenticated request has already read. */
  view(user: LiveSession['user']) {
    return { ...toUser(user), grade: user.academic_year };
  }

  /** A password change keeps this device signed in and ends the account's other sessions. */
  async update(tenantId: number, userId: number, sessionId: string, input: Update) {
    const { users, sessions, clock } = this.deps;
    const user = await users.byId(tenantId, userId);
    if (!user) throw notFound('User not found');
    const changes: UserUpdate = {};
    if (input.name !== undefined && input.name !== user.name) changes.name = input.name;
    if (input.grade !== undefined && input.grade !== user.academic_year) changes.academic_year = input.grade;
    if (input.newPassword !== undefined) {
      if (!input.currentPassword)
        throw badRequest(CURRENT_PASSWORD_REQUIRED, { currentPassword: CURRENT_PASSWORD_REQUIRED });
      if (!(await verifyPassword(user.password_hash, input.currentPassword)))
        throw forbidden(WRONG_CURRENT_PASSWORD);
      changes.password_hash = await hashPassword(input.newPassword);
    }
    if (Object.keys(changes).length === 0) throw badRequest(NO_CHANGES);
    const updated = await users.update(tenantId, userId, {
      ...changes,
      updated_at: clock.now().toISOString(),
    });
    if (changes.password_hash) await sessions.endAll(userId, sessionId);
    // The live sessions carry the name and academic year: every process reads them afresh.
    await sessions.forgetUser(userId);
    return toUser(updated);
  }
}
