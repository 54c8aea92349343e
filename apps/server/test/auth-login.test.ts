// POST /api/Auth/login (API.md, Auth; RULES.md, Devices and sessions): credentials, the refresh
// cookie, token binding to tenant and device, the two-device limit under parallel logins, the
// per-account rate limit and email confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIRM_FIRST,
  countSessions,
  DEVICE_LIMIT,
  ensureTenant,
  failure,
  INVALID_CREDENTIALS,
  LOGIN,
  LOGOUT,
  PROFILE,
  REGISTER,
  retryAfterSeconds,
  TOO_MANY_ATTEMPTS,
} from './support/auth-helpers';
import {
  Device,
  newStudent,
  PASSWORD,
  registerStudent,
  startTestApi,
  TENANT,
  type TestApi,
} from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await ensureTenant(api, 'tenant9');
});
afterAll(async () => {
  await api.close();
});

const login = (identifier: unknown, password: unknown, deviceId: string | null = 'device-login-1') =>
  api.call('POST', LOGIN, { deviceId, json: { EmailorMobile: identifier, password } });

describe('successful login', () => {
  it('finds the account by email in any case with surrounding spaces', async () => {
    const student = await registerStudent(api);
    const device = api.device();
    const reply = await device.login(`  ${student.Email.toUpperCase()}  `);
    expect(reply.status).toBe(200);
    const user = {
      id: student.id,
      name: student.UserName,
      email: student.Email,
      academicYear: 'Secondary3',
      phoneNumber: student.PhoneNumber,
    };
    // Issue 18, difference 1: the envelope, and the same user and token at the top level, where
    // clients of the spec's family read them.
    expect(reply.body).toEqual({
      success: true,
      message: 'Login successful',
      data: { user, token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) },
      user,
      token: reply.body.data.token,
    });
    const profile = await device.call('GET', PROFILE);
    expect(profile.status).toBe(200);
    expect(profile.body.data.id).toBe(student.id);
  });

  it('finds the account by phone number, also written with spaces or Arabic-Indic digits', async () => {
    const student = await registerStudent(api, { PhoneNumber: '01234567001' });
    for (const phone of ['01234567001', '0123 456 7001', '٠١٢٣٤٥٦٧٠٠١']) {
      const device = api.device();
      const reply = await device.login(phone);
      expect(reply.status).toBe(200);
      expect(reply.body.data.user).toMatchObject({ id: student.id, phoneNumber: '01234567001' });
      // Free the slot again: this case is about finding the account, not about devices.
      expect((await device.call('POST', LOGOUT)).status).toBe(200);
    }
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, scoped to /api/Auth (not Secure over http)', async () => {
    const student = await registerStudent(api);
    const reply = await api.device().login(student.Email);
    expect(reply.status).toBe(200);
    const cookies = reply.setCookies.filter((c) => c.startsWith('refresh_token='));
    expect(cookies).toHaveLength(1);
    const attributes = cookies[0]!.split(';').map((part) => part.trim());
    expect(attributes[0]).toMatch(/^refresh_token=[\w-]{20,}$/);
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Strict');
    expect(attributes).toContain('Path=/api/Auth');
    expect(attributes).not.toContain('Secure');
    // The cookie holds an opaque value, not the access token.
    expect(attributes[0]).not.toContain(reply.body.data.token);
  });
});

// Issue 18, difference 2: 400, not 401. Clients of the spec's family take every 401 for an expired
// access token, refresh, fail and reload to the login page without telling the student why.
describe('refused credentials', () => {
  it('answers 400 for a wrong password, without a cookie', async () => {
    const student = await registerStudent(api);
    const reply = await login(student.Email, 'wrong-password');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
    expect(reply.setCookies.filter((c) => /^refresh_token=[^;]/.test(c))).toEqual([]);
  });

  it('answers 400 with the same message for an unknown email or phone', async () => {
    for (const identifier of ['nobody-here@example.com', '01999999999', 'not a phone']) {
      const reply = await login(identifier, PASSWORD);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
    }
  });

  it('does not accept the password of another account', async () => {
    const a = await registerStudent(api);
    const b = await registerStudent(api, { Password: 'other-pass', ConfirmPassword: 'other-pass' });
    expect((await login(a.Email, 'other-pass')).status).toBe(400);
    expect((await login(b.Email, PASSWORD)).status).toBe(400);
  });

  it.each([
    ['EmailorMobile missing', { password: PASSWORD }, 'EmailorMobile'],
    ['password missing', { EmailorMobile: 'someone@example.com' }, 'password'],
    ['EmailorMobile blank', { EmailorMobile: '   ', password: PASSWORD }, 'EmailorMobile'],
    ['password empty', { EmailorMobile: 'someone@example.com', password: '' }, 'password'],
  ])('answers 400 when %s', async (_name, body, field) => {
    const reply = await api.call('POST', LOGIN, { deviceId: 'device-login-1', json: body });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, data: null, errors: { [field]: expect.any(String) } });
    expect(Object.keys(reply.body.errors)).toEqual([field]);
  });

  it.each([
    ['missing', null],
    ['too short', 'abc'],
    ['with spaces', 'device id 123'],
    ['with markup', '<script>alert(1)</script>'],
    ['too long', 'd'.repeat(129)],
  ])('answers 400 when the DeviceId header is %s', async (_name, deviceId) => {
    const student = await registerStudent(api);
    const reply = await login(student.Email, PASSWORD, deviceId);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      message: 'A valid DeviceId header is required',
      data: null,
      errors: { DeviceId: 'A valid DeviceId header is required' },
    });
    expect(await countSessions(api, student.id)).toBe(0);
  });
});

describe('token binding', () => {
  it("is refused with another tenant's header, even where the same email has an account", async () => {
    const student = await registerStudent(api);
    const twin = await registerStudent(
      api,
      { Email: student.Email, PhoneNumber: student.PhoneNumber },
      'tenant9',
    );
    const device = api.device();
    expect((await device.login(student.Email)).status).toBe(200);
    const elsewhere = await device.call('GET', PROFILE, { tenant: 'tenant9' });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toMatchObject({ success: false, data: null });
    // The tenant9 account logs in on its own and sees its own id.
    const there = new Device(api.call, 'device-in-tenant9', 'tenant9');
    expect((await there.login(student.Email)).body.data.user.id).toBe(twin.id);
    expect((await there.call('GET', PROFILE, { token: device.token })).status).toBe(401);
    expect((await device.call('GET', PROFILE)).body.data.id).toBe(student.id);
  });

  it('is refused with another DeviceId', async () => {
    const student = await registerStudent(api);
    const device = api.device();
    await device.login(student.Email);
    const reply = await api.call('GET', PROFILE, { token: device.token, deviceId: 'some-other-device' });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, data: null });
    // An empty header names no device: refused, as another device is.
    expect((await api.call('GET', PROFILE, { token: device.token, headers: { DeviceId: '' } })).status).toBe(
      401,
    );
    expect((await device.call('GET', PROFILE)).status).toBe(200);
  });

  // Issue 18, difference 3: clients of the spec's family leave DeviceId out of several calls.
  it('takes a call without DeviceId as coming from the token’s own device, until that session ends', async () => {
    const student = await registerStudent(api);
    const device = api.device();
    await device.login(student.Email);
    const bare = await api.call('GET', PROFILE, { token: device.token });
    expect(bare.status).toBe(200);
    expect(bare.body.data.id).toBe(student.id);
    expect((await device.call('POST', LOGOUT)).status).toBe(200);
    expect((await api.call('GET', PROFILE, { token: device.token })).status).toBe(401);
  });
});

describe('two-device limit', () => {
  it('lets exactly two of ten parallel logins from ten devices in', async () => {
    const student = await registerStudent(api);
    const devices = Array.from({ length: 10 }, (_, i) => api.device(`parallel-device-${i}`));
    const replies = await Promise.all(devices.map((d) => d.login(student.Email)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(8);
    for (const reply of replies.filter((r) => r.status === 403))
      expect(reply.body).toEqual(failure(DEVICE_LIMIT));
    expect(await countSessions(api, student.id)).toBe(2);

    const [first, second] = devices.filter((_, i) => replies[i]!.status === 200);
    const logout = await first!.call('POST', LOGOUT);
    expect(logout.status).toBe(200);
    const eleventh = api.device('parallel-device-10');
    expect((await eleventh.login(student.Email)).status).toBe(200);
    const twelfth = await api.device('parallel-device-11').login(student.Email);
    expect(twelfth.status).toBe(403);
    expect(twelfth.body).toEqual(failure(DEVICE_LIMIT));
    expect((await second!.call('GET', PROFILE)).status).toBe(200);
    expect((await eleventh.call('GET', PROFILE)).status).toBe(200);
    expect(await countSessions(api, student.id)).toBe(2);
  });

  it('a third device is refused while two are signed in, and no cookie is set for it', async () => {
    const student = await registerStudent(api);
    expect((await api.device().login(student.Email)).status).toBe(200);
    expect((await api.device().login(student.Email)).status).toBe(200);
    const third = await api.device().login(student.Email);
    expect(third.status).toBe(403);
    expect(third.body).toEqual(failure(DEVICE_LIMIT));
    expect(third.setCookies.filter((c) => /^refresh_token=[^;]/.test(c))).toEqual([]);
  });

  it('logging in again from the same DeviceId replaces that session and takes no new slot', async () => {
    const student = await registerStudent(api);
    const a = api.device();
    const b = api.device();
    expect((await a.login(student.Email)).status).toBe(200);
    const oldToken = a.token;
    const oldCookie = a.refreshCookie;
    expect((await b.login(student.Email)).status).toBe(200);
    api.clock.advanceMinutes(1); // so the new token differs from the old one
    const again = await a.login(student.Email);
    expect(again.status).toBe(200);
    expect(a.token).not.toBe(oldToken);
    expect(await countSessions(api, student.id)).toBe(2);
    expect((await a.call('GET', PROFILE, { token: oldToken })).status).toBe(401);
    expect((await a.call('GET', PROFILE)).status).toBe(200);
    expect((await b.call('GET', PROFILE)).status).toBe(200);
    // The replaced session's refresh cookie is dead too.
    const refresh = await api.call('POST', '/api/Auth/refresh-token', {
      deviceId: a.deviceId,
      cookie: `refresh_token=${oldCookie}`,
    });
    expect(refresh.status).toBe(401);
    // Still only two devices.
    expect((await api.device().login(student.Email)).status).toBe(403);
  });
});

describe('per-account rate limit', () => {
  it('after 3 wrong passwords the 4th attempt is 429 with Retry-After, even with the right password', async () => {
    const limited = await startTestApi({ limits: { loginAccount: { points: 3, durationSeconds: 60 } } });
    try {
      const student = await registerStudent(limited);
      const other = await registerStudent(limited);
      const attempt = (identifier: string, password: string) =>
        limited.call('POST', LOGIN, {
          deviceId: 'rate-limit-device',
          json: { EmailorMobile: identifier, password },
        });
      for (let i = 0; i < 3; i += 1)
        expect((await attempt(student.Email, 'wrong-password')).status).toBe(400);
      const fourth = await attempt(student.Email, PASSWORD);
      expect(fourth.status).toBe(429);
      expect(fourth.body).toEqual(failure(TOO_MANY_ATTEMPTS));
      const retryAfter = retryAfterSeconds(fourth.headers);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The same account named in another case is the same counter.
      expect((await attempt(` ${student.Email.toUpperCase()}`, PASSWORD)).status).toBe(429);
      // Another account is not affected.
      expect((await attempt(other.Email, PASSWORD)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('email confirmation', () => {
  const SLUG = 'confirming';

  beforeAll(async () => {
    await ensureTenant(api, SLUG);
    await api.db
      .updateTable('tenants')
      .set({ require_email_confirmation: 1 })
      .where('slug', '=', SLUG)
      .execute();
    api.services.tenants.forget(SLUG);
  });

  async function registerUnconfirmed() {
    const fields = await registerStudentIn(SLUG);
    const mail = await api.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', fields.Email)
      .executeTakeFirstOrThrow();
    const match = /\/api\/Auth\/confirm-email\?token=[^\s]+/.exec(mail.body_text);
    expect(match).not.toBeNull();
    return { ...fields, link: match![0], mail };
  }

  async function registerStudentIn(tenant: string) {
    const fields = newStudent();
    const reply = await api.call('POST', REGISTER, { multipart: fields, tenant });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      id: expect.any(Number),
      name: fields.UserName,
      email: fields.Email,
      requiresEmailConfirmation: true,
    });
    return fields as Record<string, string> & { Email: string };
  }

  const loginIn = (email: string) =>
    api.call('POST', LOGIN, {
      tenant: SLUG,
      deviceId: 'confirm-device-1',
      json: { EmailorMobile: email, password: PASSWORD },
    });

  it('refuses login until the link in the mail is followed, then lets the student in', async () => {
    const student = await registerUnconfirmed();
    expect(student.mail.subject).toContain('تأكيد البريد الإلكتروني');
    const before = await loginIn(student.Email);
    expect(before.status).toBe(403);
    expect(before.body).toEqual(failure(CONFIRM_FIRST));

    const follow = await api.call('GET', student.link, { tenant: null });
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe(
      `/login?verified=1&email=${encodeURIComponent(student.Email)}`,
    );
    const after = await loginIn(student.Email);
    expect(after.status).toBe(200);
    expect(after.body.data.user.email).toBe(student.Email);

    // Following the link again still lands on the confirmed page.
    const again = await api.call('GET', student.link, { tenant: null });
    expect(again.headers.get('location')).toBe(
      `/login?verified=1&email=${encodeURIComponent(student.Email)}`,
    );
  });

  it('a wrong password is still 400, not the confirmation message', async () => {
    const student = await registerUnconfirmed();
    const reply = await api.call('POST', LOGIN, {
      tenant: SLUG,
      deviceId: 'confirm-device-1',
      json: { EmailorMobile: student.Email, password: 'wrong-password' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
  });

  it('a tampered or missing token redirects to verified=0 and confirms nothing', async () => {
    const student = await registerUnconfirmed();
    const token = decodeURIComponent(student.link.split('token=')[1]!);
    const [header, payload, signature] = token.split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    for (const bad of [
      `${header}.${payload}.${flipped}`,
      `${header}.${forgedPayload}.${signature}`,
      'not-a-token',
      '',
    ]) {
      const reply = await api.call('GET', `/api/Auth/confirm-email?token=${encodeURIComponent(bad)}`, {
        tenant: null,
      });
      expect(reply.status).toBe(302);
      expect(reply.headers.get('location')).toBe('/login?verified=0');
    }
    const none = await api.call('GET', '/api/Auth/confirm-email', { tenant: null });
    expect(none.status).toBe(302);
    expect(none.headers.get('location')).toBe('/login?verified=0');
    expect((await loginIn(student.Email)).status).toBe(403);
  });

  it('an access token signed by the server is not a confirmation token', async () => {
    const student = await registerStudent(api);
    const device = api.device();
    await device.login(student.Email);
    const reply = await api.call('GET', `/api/Auth/confirm-email?token=${device.token}`, { tenant: null });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/login?verified=0');
  });

  it('does not apply to tenants that do not require confirmation', async () => {
    const student = await registerStudent(api, {}, TENANT);
    expect((await api.device().login(student.Email)).status).toBe(200);
  });
});
