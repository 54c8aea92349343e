// The session cache (issue 17): a warm session costs no query, and every write that ends a session or
// changes what it carries of the user is seen on the very next request. Over real HTTP on each
// database (startTestApi runs with the cache on), then the cache itself against a bus of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheBus } from '../src/lib/cache-bus';
import { SessionCache, type LoadedSession } from '../src/modules/auth/session-cache';
import { signedInAdmin } from './support/admin-helpers';
import { LOGOUT, PROFILE, REFRESH } from './support/auth-helpers';
import { TestClock } from './support/test-clock';
import { PASSWORD, registerStudent, startTestApi, type Device, type TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

async function signedIn(): Promise<{ id: number; email: string; device: Device }> {
  const student = await registerStudent(api);
  const device = api.device();
  expect((await device.login(student.Email)).status).toBe(200);
  return { id: student.id, email: student.Email, device };
}

/** Reads the profile once, so the session is in the cache. */
async function warm(device: Device): Promise<void> {
  expect((await device.call('GET', PROFILE)).status).toBe(200);
}

/** A student signed in on two devices, both sessions in the cache. */
async function warmOnTwoDevices(): Promise<{ device: Device; other: Device }> {
  const { email, device } = await signedIn();
  const other = api.device();
  expect((await other.login(email)).status).toBe(200);
  await warm(device);
  await warm(other);
  return { device, other };
}

const profileStatus = async (device: Device) => (await device.call('GET', PROFILE)).status;

describe('a warm session', () => {
  it('costs no query; a cold one costs one', async () => {
    const { device } = await signedIn();
    await api.services.tenants.bySlug('tenant8');
    const cold = await api.queriesDuring(() => device.call('GET', PROFILE));
    expect(cold.result.status).toBe(200);
    expect(cold.queries).toHaveLength(1);
    expect(cold.queries[0]).toMatch(/device_sessions/);
    const warmRead = await api.queriesDuring(() => device.call('GET', PROFILE));
    expect(warmRead.result.status).toBe(200);
    expect(warmRead.queries).toEqual([]);
  });

  it('is read again after SESSION_CACHE_MS', async () => {
    const { device } = await signedIn();
    await warm(device);
    api.clock.advanceSeconds(31);
    const { queries } = await api.queriesDuring(() => device.call('GET', PROFILE));
    expect(queries).toHaveLength(1);
  });

  it('still ends when the session expires, though the cache would keep it longer', async () => {
    const { id, device } = await signedIn();
    const expiresAt = new Date(api.clock.now().getTime() + 10_000).toISOString();
    await api.db
      .updateTable('device_sessions')
      .set({ expires_at: expiresAt })
      .where('user_id', '=', id)
      .execute();
    await warm(device);
    api.clock.advanceSeconds(9);
    expect((await api.queriesDuring(() => profileStatus(device))).queries).toEqual([]);
    api.clock.advanceSeconds(1);
    expect(await profileStatus(device)).toBe(401);
  });
});

describe('on the very next request', () => {
  it('logout is a 401', async () => {
    const { device } = await signedIn();
    await warm(device);
    expect((await device.call('POST', LOGOUT)).status).toBe(200);
    expect(await profileStatus(device)).toBe(401);
  });

  it('a new login on the same device ends its previous session', async () => {
    const { email, device } = await signedIn();
    await warm(device);
    const previous = device.token;
    expect((await device.login(email)).status).toBe(200);
    expect((await device.call('GET', PROFILE, { token: previous })).status).toBe(401);
    expect(await profileStatus(device)).toBe(200);
  });

  it('a reused refresh token ends the session', async () => {
    const { device } = await signedIn();
    await warm(device);
    const firstCookie = `refresh_token=${device.refreshCookie}`;
    expect((await device.call('POST', REFRESH)).status).toBe(200);
    api.clock.advanceSeconds(31);
    await warm(device);
    expect((await device.call('POST', REFRESH, { cookie: firstCookie })).status).toBe(401);
    expect(await profileStatus(device)).toBe(401);
  });

  it('a password reset ends every session', async () => {
    const { email, device } = await signedIn();
    await warm(device);
    expect(
      (await api.call('POST', `/api/Auth/ForgotPassword?email=${encodeURIComponent(email)}`)).status,
    ).toBe(200);
    await api.services.mailer.idle();
    const mail = await api.db
      .selectFrom('outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const otp = /\b(\d{6})\b/.exec(mail.body_text)![1]!;
    const newPassword = 'brand-new-pass';
    const reset = await api.call('POST', '/api/Auth/ResetPassword', {
      json: { email, otp, newPassword, confirmPassword: newPassword },
    });
    expect(reset.status).toBe(200);
    expect(await profileStatus(device)).toBe(401);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const { device, other } = await warmOnTwoDevices();
    const change = await device.call('PUT', PROFILE, {
      json: { currentPassword: PASSWORD, newPassword: 'another-pass', confirmPassword: 'another-pass' },
    });
    expect(change.status).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(device)).toBe(200);
  });

  it("a profile edit shows in every one of the student's sessions", async () => {
    const { device, other } = await warmOnTwoDevices();
    expect(
      (await device.call('PUT', PROFILE, { json: { name: 'سارة علي', grade: 'Secondary1' } })).status,
    ).toBe(200);
    const seen = await other.call('GET', PROFILE);
    expect(seen.body.data).toMatchObject({ name: 'سارة علي', academicYear: 'Secondary1' });
  });

  it("an admin's end-sessions is a 401 for the student", async () => {
    const admin = await signedInAdmin(api);
    const { id, device } = await signedIn();
    await warm(device);
    const ended = await admin.device.call('DELETE', `/api/Admin/Students/${id}/Sessions`);
    expect(ended.status).toBe(200);
    expect(await profileStatus(device)).toBe(401);
  });

  it('signing a device out from another one is a 401 for it', async () => {
    const { email, device } = await signedIn();
    api.clock.advanceSeconds(60);
    const laptop = api.device();
    expect((await laptop.login(email)).status).toBe(200);
    await warm(device);
    const third = api.device();
    const credentials = { EmailorMobile: email, password: PASSWORD };
    const listed = await third.call('POST', '/api/Auth/devices', { json: credentials });
    // Most recently used first: the laptop, then `device`.
    const target = (listed.body.data.devices as { id: string }[])[1]!;
    const out = await third.call('POST', `/api/Auth/devices/${encodeURIComponent(target.id)}/sign-out`, {
      json: credentials,
    });
    expect(out.status).toBe(200);
    expect(await profileStatus(device)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
  });
});

/** Processes joined by a bus in memory: what one publishes, the others hear at once. */
function memoryBus() {
  const handlers: { bus: CacheBus; topic: string; run: (payload: unknown) => void }[] = [];
  const resyncs: (() => void)[] = [];
  let listening = true;
  const make = (): CacheBus => {
    const bus: CacheBus = {
      publish: (topic, payload) => {
        for (const h of handlers) if (h.bus !== bus && h.topic === topic) h.run(payload);
      },
      publishAndWait: (topic, payload) => Promise.resolve(bus.publish(topic, payload)),
      subscribe: (topic, run) => void handlers.push({ bus, topic, run }),
      onResync: (run) => void resyncs.push(run),
      listening: () => listening,
      close: () => Promise.resolve(),
    };
    return bus;
  };
  return {
    make,
    setListening: (value: boolean) => (listening = value),
    resync: () => resyncs.forEach((run) => run()),
  };
}

describe('SessionCache', () => {
  const clock = new TestClock();
  const loaded = (sessionId: string, userId: number): LoadedSession => ({
    session: {
      sessionId,
      user: {
        id: userId,
        tenant_id: 1,
        name: 'طالب',
        email: 'a@example.com',
        phone: '01000000000',
        academic_year: 'Secondary3',
        role: 'student',
      },
    },
    expiresAt: clock.now().getTime() + 86_400_000,
  });
  /** A load that counts its calls. */
  const loader = (entry: LoadedSession | null) => {
    const load = async () => {
      load.calls += 1;
      return entry;
    };
    load.calls = 0;
    return load;
  };

  it('forgets in the other process what one process forgets, by session and by user', async () => {
    const buses = memoryBus();
    const here = new SessionCache(30_000, buses.make(), clock);
    const there = new SessionCache(30_000, buses.make(), clock);
    const a = loader(loaded('a', 1));
    const b = loader(loaded('b', 1));
    const c = loader(loaded('c', 2));
    for (const [id, load] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      await there.read(id, 1, clock.now(), load);
      await there.read(id, 1, clock.now(), load);
    }
    expect([a.calls, b.calls, c.calls]).toEqual([1, 1, 1]);
    await here.forget({ sessionIds: ['c'] });
    await there.read('c', 1, clock.now(), c);
    expect(c.calls).toBe(2);
    await here.forget({ userIds: [1] });
    await there.read('a', 1, clock.now(), a);
    await there.read('b', 1, clock.now(), b);
    await there.read('c', 1, clock.now(), c);
    expect([a.calls, b.calls, c.calls]).toEqual([2, 2, 2]);
  });

  it('does not keep what a read found when an invalidation came during it', async () => {
    const cache = new SessionCache(30_000, memoryBus().make(), clock);
    const entry = loaded('s', 7);
    let calls = 0;
    const racing = async () => {
      calls += 1;
      if (calls === 1) await cache.forget({ userIds: [7] });
      return entry;
    };
    await cache.read('s', 1, clock.now(), racing);
    await cache.read('s', 1, clock.now(), racing);
    expect(calls).toBe(2);
  });

  it('answers from memory only while it hears the bus, and drops everything on a resync', async () => {
    const buses = memoryBus();
    const cache = new SessionCache(30_000, buses.make(), clock);
    const load = loader(loaded('s', 3));
    await cache.read('s', 1, clock.now(), load);
    buses.setListening(false);
    await cache.read('s', 1, clock.now(), load);
    expect(load.calls).toBe(2);
    buses.setListening(true);
    buses.resync();
    await cache.read('s', 1, clock.now(), load);
    await cache.read('s', 1, clock.now(), load);
    expect(load.calls).toBe(3);
  });

  it('never answers for another tenant, and keeps no missing session', async () => {
    const cache = new SessionCache(30_000, memoryBus().make(), clock);
    const load = loader(loaded('s', 4));
    await cache.read('s', 1, clock.now(), load);
    await cache.read('s', 2, clock.now(), loader(null));
    expect(await cache.read('s', 2, clock.now(), loader(null))).toBeNull();
    const missing = loader(null);
    await cache.read('gone', 1, clock.now(), missing);
    await cache.read('gone', 1, clock.now(), missing);
    expect(missing.calls).toBe(2);
  });
});
