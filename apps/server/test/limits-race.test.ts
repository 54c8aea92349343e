// Limits that cannot be raced (issue 16) and that slow an attacker without locking out the owner
// (issue 15): every attempt is counted before it is judged, so however many arrive together, at most
// the limit's number are judged. Addresses come from X-Forwarded-For (TRUST_PROXY), as behind nginx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failure,
  INVALID_CREDENTIALS,
  LOGIN,
  LOGOUT,
  retryAfterSeconds,
  TOO_MANY_ATTEMPTS,
} from './support/auth-helpers';
import { signedInAdmin } from './support/admin-helpers';
import { PASSWORD, registerStudent, startTestApi, type Reply, type TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  // The real per-account rules (10 from one address, 30 from anywhere, per 15 minutes); only the
  // flood allowance of the test's one real address is raised, as every API test does.
  api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await api.close();
});

let addressCounter = 0;
/** A fresh client address (TEST-NET-3, documentation range) for each call to it. */
const newAddress = () => {
  addressCounter += 1;
  return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const login = (identifier: string, password: string, address: string, deviceId = `dev-${address}`) =>
  api.call('POST', LOGIN, {
    deviceId,
    headers: { 'x-forwarded-for': address },
    json: { EmailorMobile: identifier, password },
  });

const statusCounts = (replies: Reply[]) =>
  replies.reduce<Record<number, number>>(
    (counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }),
    {},
  );

describe('wrong passwords sent together', () => {
  it('60 in parallel from one address: 10 are judged, 50 refused with 429 and Retry-After', async () => {
    const student = await registerStudent(api);
    const address = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 60 }, () => login(student.Email, 'wrong-password', address)),
    );
    expect(statusCounts(replies)).toEqual({ 400: 10, 429: 50 });
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body).toEqual(failure(TOO_MANY_ATTEMPTS));
    expect(retryAfterSeconds(refused.headers)).toBeGreaterThan(14 * 60);
    expect(retryAfterSeconds(refused.headers)).toBeLessThanOrEqual(15 * 60);
  });

  it("120 in parallel from 120 addresses: the account's 30 are judged, 90 refused", async () => {
    const student = await registerStudent(api);
    const replies = await Promise.all(
      Array.from({ length: 120 }, () => login(student.Email, 'wrong-password', newAddress())),
    );
    expect(statusCounts(replies)).toEqual({ 400: 30, 429: 90 });
  });

  it('an unknown account is limited the same way, so limits do not reveal which accounts exist', async () => {
    const address = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => login('nobody-here@example.com', 'wrong-password', address)),
    );
    expect(statusCounts(replies)).toEqual({ 400: 10, 429: 10 });
  });
});

describe('the owner is not locked out', () => {
  it("a classmate's ten wrong passwords block the classmate's address, not the owner's", async () => {
    const student = await registerStudent(api);
    const attacker = newAddress();
    for (let i = 0; i < 10; i += 1)
      expect((await login(student.Email, 'wrong-password', attacker)).status).toBe(400);
    // The attacker is refused even with the right password; the owner, elsewhere, is let in.
    expect((await login(student.Email, PASSWORD, attacker)).status).toBe(429);
    const owner = await login(student.Email, PASSWORD, newAddress());
    expect(owner.status).toBe(200);
  });

  it('counts the account, not the typed identifier: email and phone share one allowance', async () => {
    const student = await registerStudent(api);
    const address = newAddress();
    for (let i = 0; i < 5; i += 1)
      expect((await login(student.Email, 'wrong-password', address)).status).toBe(400);
    for (let i = 0; i < 5; i += 1)
      expect((await login(student.PhoneNumber, 'wrong-password', address)).status).toBe(400);
    expect((await login(` ${student.Email.toUpperCase()}`, PASSWORD, address)).status).toBe(429);
  });

  it("when strangers used up the account's allowance, the owner's own phone still gets in", async () => {
    const student = await registerStudent(api);
    // The owner signed in on this phone before, then signed out.
    const phone = 'owners-phone';
    const first = await login(student.Email, PASSWORD, newAddress(), phone);
    expect(first.status).toBe(200);
    await api.call('POST', LOGOUT, { deviceId: phone, token: first.body.data.token });

    const guesses = await Promise.all(
      Array.from({ length: 30 }, () => login(student.Email, 'wrong-password', newAddress())),
    );
    expect(statusCounts(guesses)).toEqual({ 400: 30 });
    // A device the account has never seen waits, even with the right password…
    const stranger = await login(student.Email, PASSWORD, newAddress());
    expect(stranger.status).toBe(429);
    expect(stranger.body).toEqual(failure(TOO_MANY_ATTEMPTS));
    // …and the owner's phone, from a new address, is judged and let in.
    expect((await login(student.Email, PASSWORD, newAddress(), phone)).status).toBe(200);
    // A known device is still held to its address's allowance of wrong passwords.
    const cafe = newAddress();
    for (let i = 0; i < 10; i += 1) {
      const reply = await login(student.Email, 'wrong-password', cafe, phone);
      expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
    }
    expect((await login(student.Email, PASSWORD, cafe, phone)).status).toBe(429);
  });

  it("ending a device's sessions from elsewhere withdraws its trust: it must sign in again first", async () => {
    const student = await registerStudent(api);
    const phone = 'lost-phone';
    expect((await login(student.Email, PASSWORD, newAddress(), phone)).status).toBe(200);
    // The school's admin ends the student's sessions (the phone was lost).
    const admin = await signedInAdmin(api);
    expect((await admin.device.call('DELETE', `/api/Admin/Students/${student.id}/Sessions`)).status).toBe(
      200,
    );
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () => login(student.Email, 'wrong-password', newAddress())),
    );
    expect(statusCounts(guesses)).toEqual({ 400: 30 });
    // Whoever holds the lost phone is not judged past the account's allowance any more.
    expect((await login(student.Email, PASSWORD, newAddress(), phone)).status).toBe(429);
  });

  it("a right password forgets the address's earlier slips", async () => {
    const student = await registerStudent(api);
    const address = newAddress();
    for (let i = 0; i < 9; i += 1)
      expect((await login(student.Email, 'wrong-password', address)).status).toBe(400);
    expect((await login(student.Email, PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await login(student.Email, 'wrong-password', address)).status).toBe(400);
    expect((await login(student.Email, 'wrong-password', address)).status).toBe(429);
  });
});

describe('wrong codes sent together', () => {
  const codeGuessers = async () => {
    const student = await registerStudent(api);
    const device = api.device();
    expect((await device.login(student.Email)).status).toBe(200);
    return { student, device };
  };
  const guess = (n: number) => `WRONG-${String(n).padStart(5, '0')}`;

  it('300 wrong enrolment codes in parallel: 10 are judged (404), 290 refused', async () => {
    const { student, device } = await codeGuessers();
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        device.call('POST', `/api/Student/add-course-by-code?StudentId=${student.id}&Code=${guess(i)}`, {
          headers: { 'x-forwarded-for': newAddress() },
        }),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 404: 10, 429: 290 });
  });

  it('300 wrong unit codes in parallel from one address: 10 are judged (404), 290 refused', async () => {
    const { device } = await codeGuessers();
    const address = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        device.call('POST', `/api/UnitCode/EnterCode?code=${guess(i)}`, {
          headers: { 'x-forwarded-for': address },
        }),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 404: 10, 429: 290 });
  });
});
