// Registration, login, logout, token refresh and email confirmation.
import type { User } from '@app/contract';
import { normalizeEmail, normalizePhone } from '@app/domain';
import type { Tenant, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Jwt } from '../../lib/jwt';
import { badRequest, forbidden, unauthorized } from '../../lib/app-error';
import type { ClientAddress, Limits } from '../../lib/limits';
import type { Mailer } from '../../mail/mailer';
import { confirmEmailMail } from '../../mail/templates';
import { sha256Hex } from '../../lib/secrets';
import { runAsTenant } from '../../lib/tenant-context';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import type { LoginDevices } from './login-devices';
import type { SessionRepository } from './sessions';
import {
  newRefreshToken,
  successorRefreshToken,
  readAccessToken,
  readEmailConfirmation,
  signAccessToken,
  signEmailConfirmation,
} from './tokens';
import type { UserRepository } from './users';
import { toUser } from './user-view';

export const INVALID_CREDENTIALS = 'Invalid email/mobile or password.';
export const CONFIRM_EMAIL_FIRST = 'Please confirm your email before logging in.';
export const INVALID_REFRESH = 'Invalid or expired refresh token';

export type RegisterInput = {
  UserName: string;
  Password: string;
  Email: string;
  PhoneNumber: string;
  ParentPhone: string;
  AcademicYear: string;
  IsOnline: boolean;
};

export type Credentials = { EmailorMobile: string; password: string };

type Deps = {
  users: UserRepository;
  sessions: SessionRepository;
  loginDevices: LoginDevices;
  limits: Limits;
  mailer: Mailer;
  clock: Clock;
  jwt: Jwt;
  /** Key of the derived refresh-token successors (see successorRefreshToken). */
  refreshKey: Uint8Array;
  /** Base of links in mails; never taken from a request's Host header, which a client controls. */
  publicUrl: string;
};

export class AuthService {
  constructor(private readonly deps: Deps) {}

  async register(tenant: Tenant, input: RegisterInput, address: ClientAddress) {
    const { users, limits, clock, mailer, jwt } = this.deps;
    await limits.registerAddress.consume(address);
    const now = clock.now().toISOString();
    const needsConfirmation = tenant.require_email_confirmation === 1;
    const user = await users.create({
      tenant_id: tenant.id,
      name: input.UserName,
      email: input.Email,
      phone: input.PhoneNumber,
      parent_phone: input.ParentPhone,
      academic_year: input.AcademicYear,
      is_online: input.IsOnline ? 1 : 0,
      role: 'student',
      password_hash: await hashPassword(input.Password),
      email_confirmed_at: needsConfirmation ? null : now,
      created_at: now,
      updated_at: now,
    });
    if (needsConfirmation) {
      const token = signEmailConfirmation(jwt, { userId: user.id, tenantId: tenant.id }, clock.now());
      const link = `${this.deps.publicUrl}/api/Auth/confirm-email?token=${encodeURIComponent(token)}`;
      await mailer.send({ tenantId: tenant.id, to: user.email, ...confirmEmailMail(tenant.name, link) });
    }
    return { id: user.id, name: user.name, email: user.email, requiresEmailConfirmation: needsConfirmation };
  }

  async login(
    tenant: Tenant,
    input: Credentials,
    deviceId: string,
    address: ClientAddress,
    userAgent: string | null = null,
  ): Promise<{ user: User; token: string; refreshToken: string }> {
    const { sessions, clock, jwt } = this.deps;
    const user = await this.authenticate(tenant, input, deviceId, address);
    const refresh = newRefreshToken();
    const now = clock.now();
    const { sessionId } = await sessions.open({
      tenantId: tenant.id,
      userId: user.id,
      deviceId,
      refreshHash: refresh.hash,
      now,
      userAgent,
    });
    await this.deps.loginDevices.remember({ tenantId: tenant.id, userId: user.id, deviceId, now });
    const token = signAccessToken(jwt, { userId: user.id, tenantId: tenant.id, sessionId, deviceId }, now);
    return { user: toUser(user), token, refreshToken: refresh.token };
  }

  /**
   * The account whose credentials these are, judged as a login is: counted against the login limits
   * (a wrong password is the login's 401), and refused while the email is unconfirmed. Login and the
   * locked-out student's device list (own-devices.ts) both go through here.
   */
  async authenticate(
    tenant: Tenant,
    input: Credentials,
    deviceId: string,
    address: ClientAddress,
  ): Promise<UserRow> {
    const { users, limits } = this.deps;
    await limits.loginAddress.consume(address);
    const user = await users.byEmailOrMobile(tenant.id, input.EmailorMobile);
    const attempt = await this.countLoginAttempt(tenant, user, input.EmailorMobile, deviceId, address);
    const passwordOk = user
      ? await verifyPassword(user.password_hash, input.password)
      : await burnPasswordCheck(input.password).then(() => false);
    // 400, not 401 (API.md): clients of the spec's family take every 401 for an expired token and
    // reload to the login page without saying why.
    if (!user || !passwordOk) throw badRequest(INVALID_CREDENTIALS);
    await attempt.succeeded();
    if (tenant.require_email_confirmation === 1 && user.email_confirmed_at === null)
      throw forbidden(CONFIRM_EMAIL_FIRST);
    return user;
  }

  /**
   * Counts a login attempt before the password is judged: against the account from this address, and
   * against the account from anywhere. When the account's own allowance is used up (strangers
   * guessing from many addresses), a device that has signed in to the account before is still judged,
   * so its owner is not locked out; everyone else waits. The account is the user (however it is
   * named: email or phone, any case), or the typed identifier when no user has it.
   */
  private async countLoginAttempt(
    tenant: Tenant,
    user: UserRow | undefined,
    identifier: string,
    deviceId: string,
    address: ClientAddress,
  ): Promise<{ succeeded: () => Promise<void> }> {
    const { limits, loginDevices } = this.deps;
    const account = `${tenant.id}:${user ? `user:${user.id}` : `name:${accountKeyOf(identifier)}`}`;
    const here = `${account}|${address.ip}`;
    await limits.loginAccountAddress.consume(here);
    // The owner proved themselves from this address: its earlier slips are forgotten.
    const forgetHere = () => limits.loginAccountAddress.reset(here);
    try {
      await limits.loginAccount.consume(account);
    } catch (error) {
      if (user && (await loginDevices.isKnown(user.id, deviceId))) return { succeeded: forgetHere };
      throw error;
    }
    return {
      succeeded: async () => void (await Promise.all([forgetHere(), limits.loginAccount.refund(account)])),
    };
  }

  /** Ends the caller's device session, found by its access token (even expired) or refresh cookie. */
  async logout(
    tenant: Tenant,
    input: { bearer: string | null; deviceId: string | null; refreshToken: string | null },
  ) {
    const { sessions, clock, jwt } = this.deps;
    if (input.bearer) {
      const claims = readAccessToken(jwt, input.bearer, clock.now(), { allowExpired: true });
      if (claims && claims.tenantId === tenant.id && claims.deviceId === input.deviceId)
        await sessions.end(claims.sessionId);
    }
    if (input.refreshToken) await sessions.endByRefreshHash(tenant.id, sha256Hex(input.refreshToken));
  }

  async refresh(tenant: Tenant, deviceId: string | null, refreshToken: string | null) {
    const { sessions, clock, jwt } = this.deps;
    if (!deviceId || !refreshToken) throw unauthorized(INVALID_REFRESH);
    const next = successorRefreshToken(this.deps.refreshKey, refreshToken);
    const now = clock.now();
    const result = await sessions.rotate({
      tenantId: tenant.id,
      deviceId,
      presentedHash: sha256Hex(refreshToken),
      nextHash: next.hash,
      now,
    });
    if (result.kind !== 'rotated') throw unauthorized(INVALID_REFRESH);
    const token = signAccessToken(
      jwt,
      { userId: result.userId, tenantId: tenant.id, sessionId: result.sessionId, deviceId },
      now,
    );
    return { token, refreshToken: next.token };
  }

  /** Marks the account's email as confirmed; returns the email for the login page, or null. */
  async confirmEmail(token: string | undefined): Promise<string | null> {
    const { users, clock, jwt } = this.deps;
    if (!token) return null;
    const claims = readEmailConfirmation(jwt, token, clock.now());
    if (!claims) return null;
    // A mail link carries no X-Tenant-ID: the signed token names the tenant, and the work runs in it.
    return runAsTenant(claims.tenantId, async () => {
      const user = await users.byId(claims.tenantId, claims.userId);
      if (!user) return null;
      if (user.email_confirmed_at === null) {
        const now = clock.now().toISOString();
        await users.update(claims.tenantId, user.id, { email_confirmed_at: now, updated_at: now });
      }
      return user.email;
    });
  }
}

/** One counter per account whichever way it is named (email in any case, or phone in any format). */
function accountKeyOf(identifier: string): string {
  if (identifier.includes('@')) return normalizeEmail(identifier);
  return normalizePhone(identifier) ?? identifier.trim();
}
