// Refresh-token rotation and reuse, access-token expiry and logout (API.md, Auth "Tokens";
// RULES.md, Devices and sessions). Time is moved with the test clock, never slept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSessions, failure, LOGOUT, PROFILE, REFRESH } from './support/auth-helpers';
import { registerStudent, startTestApi, type Device, type TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const INVALID_REFRESH = failure('Invalid or expired refresh token');

async function signedIn(): Promise<{ id: number; email: string; device: Device }> {
  const student = await registerStudent(api);
  const device = api.device();
  const reply = await device.login(student.Email);
  expect(reply.status).toBe(200);
  return { id: student.id, email: student.Email, device };
}

const profileStatus = async (device: Device, token = device.token) =>
  (await device.call('GET', PROFILE, { token })).status;

/** The refresh_token Set-Cookie of a reply, if any. */
const refreshCookieOf = (setCookies: string[]) => setCookies.find((c) => c.startsWith('refresh_token='));

/** True when a Set-Cookie line deletes the cookie: empty value and an expiry in the past or Max-Age=0. */
function clearsCookie(cookie: string | undefined): boolean {
  if (!cookie || !/^refresh_token=;/.test(cookie)) return false;
  if (/;\s*Max-Age=0(;|$)/i.test(cookie)) return true;
  const expires = /;\s*Expires=([^;]+)/i.exec(cookie)?.[1];
  return expires !== undefined && Date.parse(expires) <= Date.now();
}

describe('POST /api/Auth/refresh-token', () => {
  it('issues a token distinct from the one in hand even within the same second', async () => {
    const { device } = await signedIn();
    const oldToken = device.token!;
    const reply = await device.call('POST', REFRESH);
    expect(reply.status).toBe(200);
    expect(reply.body.data.token).not.toBe(oldToken);
  });

  it('rotates the refresh cookie and issues a new access token; the old one lasts until it expires', async () => {
    const { device } = await signedIn();
    const oldToken = device.token!;
    const oldCookie = device.refreshCookie!;
    api.clock.advanceMinutes(5);

    const reply = await device.call('POST', REFRESH);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: null, data: { token: expect.any(String) } });
    const newToken = reply.body.data.token as string;
    expect(newToken).not.toBe(oldToken);
    const cookie = refreshCookieOf(reply.setCookies);
    expect(cookie).toMatch(/^refresh_token=[\w-]{20,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/Auth');
    expect(device.refreshCookie).not.toBe(oldCookie);

    expect(await profileStatus(device, newToken)).toBe(200);
    expect(await profileStatus(device, oldToken)).toBe(200);
    // 16 minutes after login: the old token has expired, the refreshed one (issued at +5) has not.
    api.clock.advanceMinutes(11);
    expect(await profileStatus(device, oldToken)).toBe(401);
    expect(await profileStatus(device, newToken)).toBe(200);
  });

  it('the rotated cookie can itself be rotated again', async () => {
    const { device } = await signedIn();
    for (let i = 0; i < 3; i += 1) {
      const reply = await device.call('POST', REFRESH);
      expect(reply.status).toBe(200);
      device.token = reply.body.data.token;
    }
    expect(await profileStatus(device)).toBe(200);
  });

  it('a refresh token used again after the 30 s grace is refused and ends that device session', async () => {
    const { id, email, device } = await signedIn();
    const other = api.device();
    expect((await other.login(email)).status).toBe(200);
    const firstCookie = device.refreshCookie!;

    const first = await device.call('POST', REFRESH);
    expect(first.status).toBe(200);
    device.token = first.body.data.token;
    const rotatedCookie = device.refreshCookie;
    api.clock.advanceSeconds(31);

    const second = await device.call('POST', REFRESH, { cookie: `refresh_token=${firstCookie}` });
    expect(second.status).toBe(401);
    expect(second.body).toEqual(INVALID_REFRESH);
    expect(clearsCookie(refreshCookieOf(second.setCookies))).toBe(true);
    // The session is over: its access token and its current refresh cookie no longer work.
    expect(await profileStatus(device)).toBe(401);
    const withRotated = await device.call('POST', REFRESH, { cookie: `refresh_token=${rotatedCookie}` });
    expect(withRotated.status).toBe(401);
    // Only that device: the other one is still signed in, and the slot is free again.
    expect(await profileStatus(other)).toBe(200);
    expect(await countSessions(api, id)).toBe(1);
  });

  it('five parallel refreshes with one cookie (tabs) all succeed with one successor; the student stays signed in', async () => {
    const { id, device } = await signedIn();
    const cookie = `refresh_token=${device.refreshCookie}`;
    const replies = await Promise.all([0, 1, 2, 3, 4].map(() => device.call('POST', REFRESH, { cookie })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(replies.map((r) => refreshCookieOf(r.setCookies)?.split(';')[0]));
    expect(successors.size).toBe(1);
    for (const reply of replies) expect(await profileStatus(device, reply.body.data.token)).toBe(200);
    expect(await countSessions(api, id)).toBe(1);
    // The shared successor rotates on as usual.
    const next = await device.call('POST', REFRESH, { cookie: [...successors][0]! });
    expect(next.status).toBe(200);
  });

  it('within the grace the old token answers with the same successor; after it, a replay ends the session', async () => {
    const { id, device } = await signedIn();
    const firstCookie = `refresh_token=${device.refreshCookie}`;
    const first = await device.call('POST', REFRESH, { cookie: firstCookie });
    expect(first.status).toBe(200);
    api.clock.advanceSeconds(20);
    const again = await device.call('POST', REFRESH, { cookie: firstCookie });
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again.setCookies)).toBe(refreshCookieOf(first.setCookies));

    // The grace counts from the rotation, not from the last answer: 20 s + 11 s is past it.
    api.clock.advanceSeconds(11);
    const late = await device.call('POST', REFRESH, { cookie: firstCookie });
    expect(late.status).toBe(401);
    expect(late.body).toEqual(INVALID_REFRESH);
    expect(await countSessions(api, id)).toBe(0);
  });

  it('is refused with another DeviceId', async () => {
    const { device } = await signedIn();
    const reply = await api.call('POST', REFRESH, {
      deviceId: 'another-device-id',
      cookie: `refresh_token=${device.refreshCookie}`,
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(INVALID_REFRESH);
    const noDevice = await api.call('POST', REFRESH, { cookie: `refresh_token=${device.refreshCookie}` });
    expect(noDevice.status).toBe(401);
  });

  it("is refused with another tenant's header", async () => {
    await api.services.tenants.ensure({ slug: 'tenant9', name: 'B', timeZone: 'Africa/Cairo' }, api.clock);
    const { device } = await signedIn();
    const reply = await device.call('POST', REFRESH, { tenant: 'tenant9' });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(INVALID_REFRESH);
  });

  it('is refused without a cookie, or with an unknown one', async () => {
    const { device } = await signedIn();
    const none = await device.call('POST', REFRESH, { cookie: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual(INVALID_REFRESH);
    const unknown = await device.call('POST', REFRESH, { cookie: 'refresh_token=made-up-value' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(INVALID_REFRESH);
  });

  it('is refused after 31 days', async () => {
    const { device } = await signedIn();
    api.clock.advanceDays(31);
    const reply = await device.call('POST', REFRESH);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(INVALID_REFRESH);
  });

  it('still works after 29 days, and each rotation extends the 30 days', async () => {
    const { device } = await signedIn();
    api.clock.advanceDays(29);
    expect((await device.call('POST', REFRESH)).status).toBe(200);
    api.clock.advanceDays(29);
    const reply = await device.call('POST', REFRESH);
    expect(reply.status).toBe(200);
    device.token = reply.body.data.token;
    expect(await profileStatus(device)).toBe(200);
  });
});

describe('device slots', () => {
  it('sessions that ran out (30 days without a refresh) no longer hold a slot', async () => {
    const { id, email, device } = await signedIn();
    expect((await api.device().login(email)).status).toBe(200);
    expect((await api.device().login(email)).status).toBe(403);
    api.clock.advanceDays(31);
    expect((await api.device().login(email)).status).toBe(200);
    expect((await api.device().login(email)).status).toBe(200);
    expect(await profileStatus(device)).toBe(401);
    expect(await countSessions(api, id)).toBe(2);
  });
});

describe('access token expiry', () => {
  it('is 401 after 16 minutes; a refresh then gives a working token', async () => {
    const { device } = await signedIn();
    api.clock.advanceMinutes(14);
    expect(await profileStatus(device)).toBe(200);
    api.clock.advanceMinutes(2);
    const expired = await device.call('GET', PROFILE);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ success: false, data: null });

    const reply = await device.call('POST', REFRESH);
    expect(reply.status).toBe(200);
    device.token = reply.body.data.token;
    expect(await profileStatus(device)).toBe(200);
  });

  it('a token with a forged signature or no token at all is 401', async () => {
    const { device } = await signedIn();
    const [header, payload] = device.token!.split('.');
    expect(await profileStatus(device, `${header}.${payload}.AAAA`)).toBe(401);
    expect(await profileStatus(device, 'garbage')).toBe(401);
    const none = await device.call('GET', PROFILE, { token: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual(failure('Unauthorized'));
  });
});

describe('POST /api/Auth/logout', () => {
  it('ends the session, clears the cookie and frees the slot', async () => {
    const { id, email, device } = await signedIn();
    const second = api.device();
    expect((await second.login(email)).status).toBe(200);
    expect((await api.device().login(email)).status).toBe(403);
    const cookie = device.refreshCookie;

    const reply = await device.call('POST', LOGOUT);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Logged out successfully', data: null });
    expect(clearsCookie(refreshCookieOf(reply.setCookies))).toBe(true);
    expect(await profileStatus(device)).toBe(401);
    const refresh = await device.call('POST', REFRESH, { cookie: `refresh_token=${cookie}` });
    expect(refresh.status).toBe(401);

    expect(await profileStatus(second)).toBe(200);
    expect(await countSessions(api, id)).toBe(1);
    expect((await api.device().login(email)).status).toBe(200);
  });

  it('with an expired access token (20 minutes) still ends that session and clears the cookie', async () => {
    const { id, device } = await signedIn();
    const cookie = device.refreshCookie;
    api.clock.advanceMinutes(20);
    // The access token alone, as a client whose cookie is gone would send it.
    const reply = await device.call('POST', LOGOUT, { cookie: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Logged out successfully', data: null });
    expect(clearsCookie(refreshCookieOf(reply.setCookies))).toBe(true);
    expect(await countSessions(api, id)).toBe(0);
    const refresh = await device.call('POST', REFRESH, { cookie: `refresh_token=${cookie}` });
    expect(refresh.status).toBe(401);
  });

  it('with only the refresh cookie ends that session', async () => {
    const { id, device } = await signedIn();
    const reply = await device.call('POST', LOGOUT, { token: null });
    expect(reply.status).toBe(200);
    expect(await countSessions(api, id)).toBe(0);
    expect(await profileStatus(device)).toBe(401);
  });

  it('without any token or cookie is 200 and clears the cookie', async () => {
    const reply = await api.call('POST', LOGOUT);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Logged out successfully', data: null });
    expect(clearsCookie(refreshCookieOf(reply.setCookies))).toBe(true);
  });

  it("with another device's access token does not end that device's session", async () => {
    const { id, device } = await signedIn();
    const reply = await api.call('POST', LOGOUT, { token: device.token, deviceId: 'not-the-same-device' });
    expect(reply.status).toBe(200);
    expect(await countSessions(api, id)).toBe(1);
    expect(await profileStatus(device)).toBe(200);
  });
});
