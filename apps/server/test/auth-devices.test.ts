// The locked-out student's way out of the device limit (issue 15; API.md additions in the README):
// POST /api/Auth/devices lists the account's live devices for its password, and
// POST /api/Auth/devices/{id}/sign-out ends one, once per 7 days. Real HTTP, real database, time moved
// with the test clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './support/admin-helpers';
import {
  countSessions,
  DEVICE_LIMIT,
  ensureTenant,
  failure,
  INVALID_CREDENTIALS,
  LOGIN,
  PROFILE,
  REFRESH,
  retryAfterSeconds,
  TOO_MANY_ATTEMPTS,
} from './support/auth-helpers';
import {
  PASSWORD,
  registerStudent,
  startTestApi,
  TENANT,
  type Device,
  type TestApi,
} from './support/test-api';

const DEVICES = '/api/Auth/devices';
const signOutPath = (id: string) => `/api/Auth/devices/${encodeURIComponent(id)}/sign-out`;
const DEVICE_NOT_FOUND = 'Device not found.';
const ALLOWANCE_USED = 'You can sign out one device every 7 days.';
const WEEK_SECONDS = 7 * 86_400;

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

let api: TestApi;
beforeAll(async () => void (api = await startTestApi()));
afterAll(() => api.close());

/** Signs `device` in, as a browser with this User-Agent. */
async function loginAs(device: Device, email: string, userAgent: string) {
  const reply = await device.call('POST', LOGIN, {
    json: { EmailorMobile: email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  if (reply.status === 200) device.token = reply.body.data.token;
  return reply;
}

/** A student signed in on two devices (an Android phone, then a Windows laptop): every slot taken. */
async function studentOnTwoDevices(tenant = TENANT) {
  const student = await registerStudent(api, {}, tenant);
  const phone = api.device();
  const laptop = api.device();
  phone.tenant = tenant;
  laptop.tenant = tenant;
  expect((await loginAs(phone, student.Email, UA.androidChrome)).status).toBe(200);
  expect((await loginAs(laptop, student.Email, UA.windowsFirefox)).status).toBe(200);
  const third = api.device();
  third.tenant = tenant;
  return { ...student, phone, laptop, third };
}

const credentials = (email: string, password = PASSWORD) => ({ EmailorMobile: email, password });

type Listed = { id: string; browser: string | null; os: string | null; lastUsedAt: string; current: boolean };

async function listDevices(device: Device, email: string) {
  const reply = await device.call('POST', DEVICES, { json: credentials(email) });
  expect(reply.status).toBe(200);
  return reply.body.data as { devices: Listed[]; nextSignOutAt: string | null };
}

const signOut = (device: Device, email: string, id: string, password = PASSWORD) =>
  device.call('POST', signOutPath(id), { json: credentials(email, password) });

describe('POST /api/Auth/devices', () => {
  it('lists both devices with browser and OS from their User-Agent and when each was last used, no address', async () => {
    const start = api.clock.now();
    const student = await registerStudent(api);
    const phone = api.device();
    const laptop = api.device();
    expect((await loginAs(phone, student.Email, UA.androidChrome)).status).toBe(200);
    api.clock.advanceDays(3);
    expect((await loginAs(laptop, student.Email, UA.windowsFirefox)).status).toBe(200);
    const laptopAt = api.clock.now();
    api.clock.advanceDays(1);

    const third = api.device();
    expect((await loginAs(third, student.Email, UA.iphoneSafari)).body).toEqual(failure(DEVICE_LIMIT));
    const reply = await third.call('POST', DEVICES, { json: credentials(student.Email) });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        devices: [
          {
            id: expect.stringMatching(/^[\w-]{22}$/),
            browser: 'Firefox',
            os: 'Windows 10',
            lastUsedAt: laptopAt.toISOString(),
            current: false,
          },
          {
            id: expect.stringMatching(/^[\w-]{22}$/),
            browser: 'Chrome',
            os: 'Android 14',
            lastUsedAt: start.toISOString(),
            current: false,
          },
        ],
        nextSignOutAt: null,
      },
    });
    // Nothing about where the devices are: no address, no place, and not the stored session ids.
    expect(reply.text).not.toContain('127.0.0.1');
    const stored = await api.db
      .selectFrom('device_sessions')
      .select(['id', 'device_id'])
      .where('user_id', '=', student.id)
      .execute();
    for (const row of stored) {
      expect(reply.text).not.toContain(row.id);
      expect(reply.text).not.toContain(row.device_id);
    }

    // A refresh is a use: the phone renews its session and moves to the top.
    expect((await phone.call('POST', REFRESH)).status).toBe(200);
    const after = await listDevices(third, student.Email);
    expect(after.devices.map((d) => [d.os, d.lastUsedAt])).toEqual([
      ['Android 14', api.clock.now().toISOString()],
      ['Windows 10', laptopAt.toISOString()],
    ]);
  });

  it('marks the calling browser as current, and keeps the User-Agent trimmed and cut to 400 characters', async () => {
    const student = await registerStudent(api);
    const phone = api.device();
    const odd = `  ${UA.iphoneSafari}\t${'x'.repeat(600)}  `;
    expect((await loginAs(phone, student.Email, odd)).status).toBe(200);
    const row = await api.db
      .selectFrom('device_sessions')
      .select('user_agent')
      .where('user_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row.user_agent).toHaveLength(400);
    expect(row.user_agent!.startsWith('Mozilla/5.0 (iPhone;')).toBe(true);
    expect(row.user_agent).not.toMatch(/\s$/);
    expect((await listDevices(phone, student.Email)).devices).toEqual([
      {
        id: expect.any(String),
        browser: 'Safari',
        os: 'iOS 17',
        lastUsedAt: expect.any(String),
        current: true,
      },
    ]);
  });

  it('shows a device without a User-Agent as unknown browser and OS', async () => {
    const student = await registerStudent(api);
    const bare = api.device();
    expect((await loginAs(bare, student.Email, '   ')).status).toBe(200);
    const [device] = (await listDevices(api.device(), student.Email)).devices;
    expect(device).toMatchObject({ browser: null, os: null });
  });

  it('answers a wrong password with the login 400 and lists nothing', async () => {
    const student = await studentOnTwoDevices();
    const reply = await student.third.call('POST', DEVICES, {
      json: credentials(student.Email, 'wrong-password'),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
    const unknown = await student.third.call('POST', DEVICES, {
      json: credentials('nobody-here@example.com'),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(failure(INVALID_CREDENTIALS));
  });

  it('wants a DeviceId and both credentials: bad input is a 400', async () => {
    const student = await studentOnTwoDevices();
    const noDevice = await api.call('POST', DEVICES, { deviceId: null, json: credentials(student.Email) });
    expect(noDevice.status).toBe(400);
    for (const json of [{}, { EmailorMobile: student.Email }, { ...credentials(student.Email), extra: 1 }]) {
      expect((await student.third.call('POST', DEVICES, { json })).status).toBe(400);
    }
    expect((await student.third.call('POST', DEVICES, { rawBody: '{"EmailorMobile":' })).status).toBe(400);
  });

  it('does not list a session unused for 30 days, which holds no slot and is deleted', async () => {
    const student = await registerStudent(api);
    const old = api.device();
    expect((await loginAs(old, student.Email, UA.windowsFirefox)).status).toBe(200);
    api.clock.advanceDays(20);
    const recent = api.device();
    expect((await loginAs(recent, student.Email, UA.androidChrome)).status).toBe(200);
    api.clock.advanceDays(10);
    api.clock.advanceMinutes(1);

    const third = api.device();
    expect((await listDevices(third, student.Email)).devices.map((d) => d.os)).toEqual(['Android 14']);
    // Listing cleaned the expired row up.
    expect(await countSessions(api, student.id)).toBe(1);
    expect((await loginAs(third, student.Email, UA.iphoneSafari)).status).toBe(200);
    expect(await countSessions(api, student.id)).toBe(2);
  });
});

describe('POST /api/Auth/devices/{id}/sign-out', () => {
  it('ends that device session and frees its slot: the third device then signs in', async () => {
    const student = await studentOnTwoDevices();
    expect((await loginAs(student.third, student.Email, UA.iphoneSafari)).status).toBe(403);
    const { devices } = await listDevices(student.third, student.Email);
    const phone = devices.find((d) => d.os === 'Android 14')!;

    const reply = await signOut(student.third, student.Email, phone.id);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: 'Signed out of the device',
      data: { nextSignOutAt: new Date(api.clock.now().getTime() + WEEK_SECONDS * 1000).toISOString() },
    });
    // The phone's session is over: its token and its refresh cookie are refused at once.
    expect((await student.phone.call('GET', PROFILE)).status).toBe(401);
    expect((await student.phone.call('POST', REFRESH)).status).toBe(401);
    expect((await student.laptop.call('GET', PROFILE)).status).toBe(200);

    expect((await loginAs(student.third, student.Email, UA.iphoneSafari)).status).toBe(200);
    expect((await student.third.call('GET', PROFILE)).status).toBe(200);
    const listed = await listDevices(student.third, student.Email);
    expect(listed.devices.map((d) => [d.os, d.current])).toEqual([
      ['iOS 17', true],
      ['Windows 10', false],
    ]);
    expect(listed.nextSignOutAt).toBe(reply.body.data.nextSignOutAt);
  });

  it('allows one sign-out per 7 days: the second is 429 with Retry-After, and allowed again after 7 days', async () => {
    const student = await studentOnTwoDevices();
    const [first] = (await listDevices(student.third, student.Email)).devices;
    expect((await signOut(student.third, student.Email, first!.id)).status).toBe(200);
    const spentAt = api.clock.now();
    // The slot is taken again (the old phone signs back in), and the student tries once more.
    expect((await loginAs(student.third, student.Email, UA.iphoneSafari)).status).toBe(200);
    api.clock.advanceDays(2);
    const [second] = (await listDevices(api.device(), student.Email)).devices;

    const refused = await signOut(student.third, student.Email, second!.id);
    expect(refused.status).toBe(429);
    const next = new Date(spentAt.getTime() + WEEK_SECONDS * 1000).toISOString();
    expect(refused.body).toEqual({ success: false, message: ALLOWANCE_USED, data: { nextSignOutAt: next } });
    expect(retryAfterSeconds(refused.headers)).toBe(5 * 86_400);
    expect(await countSessions(api, student.id)).toBe(2);
    expect((await listDevices(api.device(), student.Email)).nextSignOutAt).toBe(next);

    api.clock.advanceDays(5);
    api.clock.advanceSeconds(-1);
    const stillRefused = await signOut(student.third, student.Email, second!.id);
    expect(stillRefused.status).toBe(429);
    expect(retryAfterSeconds(stillRefused.headers)).toBe(1);

    api.clock.advanceSeconds(1);
    expect((await listDevices(api.device(), student.Email)).nextSignOutAt).toBeNull();
    expect((await signOut(student.third, student.Email, second!.id)).status).toBe(200);
    expect(await countSessions(api, student.id)).toBe(1);
  });

  it('of two parallel sign-outs, one succeeds and the other finds the allowance spent', async () => {
    for (let round = 0; round < 3; round += 1) {
      const student = await studentOnTwoDevices();
      const { devices } = await listDevices(student.third, student.Email);
      const replies = await Promise.all(
        devices.map((device) => signOut(api.device(), student.Email, device.id)),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(await countSessions(api, student.id)).toBe(1);
    }
  });

  it("answers 404 for another account's or another school's device, and spends nothing", async () => {
    const student = await studentOnTwoDevices();
    const classmate = await studentOnTwoDevices();
    await ensureTenant(api, 'tenant9');
    const elsewhere = await studentOnTwoDevices('tenant9');
    const [theirs] = (await listDevices(classmate.third, classmate.Email)).devices;
    const [abroad] = (await listDevices(elsewhere.third, elsewhere.Email)).devices;

    for (const id of [theirs!.id, abroad!.id, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const reply = await signOut(student.third, student.Email, id);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(failure(DEVICE_NOT_FOUND));
    }
    // Nor can the other school's student reach their own device through this school.
    const crossTenant = await student.third.call('POST', signOutPath(abroad!.id), {
      json: credentials(elsewhere.Email),
    });
    expect(crossTenant.status).toBe(400);
    expect(await countSessions(api, classmate.id)).toBe(2);
    expect(await countSessions(api, elsewhere.id)).toBe(2);

    // The refused attempts spent nothing: the student's own sign-out still goes through.
    const [own] = (await listDevices(student.third, student.Email)).devices;
    expect((await signOut(student.third, student.Email, own!.id)).status).toBe(200);
  });

  it('a signed-out device id cannot be used again', async () => {
    const student = await studentOnTwoDevices();
    const [first] = (await listDevices(student.third, student.Email)).devices;
    expect((await signOut(student.third, student.Email, first!.id)).status).toBe(200);
    api.clock.advanceDays(8);
    expect((await signOut(student.third, student.Email, first!.id)).status).toBe(404);
  });

  it('wants the password: a wrong one is the login 400 and signs nothing out', async () => {
    const student = await studentOnTwoDevices();
    const [first] = (await listDevices(student.third, student.Email)).devices;
    const reply = await signOut(student.third, student.Email, first!.id, 'wrong-password');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
    expect(await countSessions(api, student.id)).toBe(2);
  });

  it('refuses a malformed device id or body with 400', async () => {
    const student = await studentOnTwoDevices();
    for (const id of ['short', 'x'.repeat(23), 'AAAAAAAAAAAAAAAAAAAA%00', "AAAAAAAAAAAAAAAAAAAA'1"]) {
      const reply = await student.third.call('POST', `/api/Auth/devices/${id}/sign-out`, {
        json: credentials(student.Email),
      });
      expect(reply.status).toBe(400);
    }
    const [first] = (await listDevices(student.third, student.Email)).devices;
    expect((await student.third.call('POST', signOutPath(first!.id), { json: {} })).status).toBe(400);
    expect(await countSessions(api, student.id)).toBe(2);
  });

  it("leaves the admin's end-sessions unlimited after the student's own sign-out", async () => {
    const admin = await signedInAdmin(api);
    const student = await studentOnTwoDevices();
    const [first] = (await listDevices(student.third, student.Email)).devices;
    expect((await signOut(student.third, student.Email, first!.id)).status).toBe(200);
    for (let time = 0; time < 2; time += 1) {
      expect((await loginAs(api.device(), student.Email, UA.iphoneSafari)).status).toBe(200);
      const ended = await admin.device.call('DELETE', `/api/Admin/Students/${student.id}/Sessions`);
      expect(ended.status).toBe(200);
      expect(await countSessions(api, student.id)).toBe(0);
    }
  });
});

describe('the login limits count the device calls', () => {
  it('wrong passwords on the device list use up the account allowance like wrong logins', async () => {
    const limited = await startTestApi({ limits: { loginAccount: { points: 3, durationSeconds: 60 } } });
    try {
      const student = await registerStudent(limited);
      const call = (path: string, password: string) =>
        limited.call('POST', path, {
          deviceId: 'stranger-device',
          json: credentials(student.Email, password),
        });
      expect((await call(DEVICES, 'wrong-password')).status).toBe(400);
      expect((await call(signOutPath('AAAAAAAAAAAAAAAAAAAAAA'), 'wrong-password')).status).toBe(400);
      expect((await call(LOGIN, 'wrong-password')).status).toBe(400);
      // The fourth attempt, even with the right password, on any of the three calls: 429.
      for (const path of [DEVICES, LOGIN]) {
        const refused = await call(path, PASSWORD);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual(failure(TOO_MANY_ATTEMPTS));
        expect(retryAfterSeconds(refused.headers)).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await limited.close();
    }
  });
});
