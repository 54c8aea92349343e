// ForgotPassword / ResetPassword (API.md, Auth) with mail delivered to a real SMTP server: the
// 6-digit code, its expiry, its tries, single use, the per-email rate limit, and that a reset ends
// every device session (RULES.md, Devices and sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countSessions,
  failure,
  INVALID_CREDENTIALS,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  PROFILE,
  retryAfterSeconds,
  TOO_MANY_ATTEMPTS,
} from './support/auth-helpers';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture';
import { PASSWORD, registerStudent, startTestApi, type TestApi } from './support/test-api';

let smtp: SmtpCapture;
let api: TestApi;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({
    env: { SMTP_URL: smtp.url },
    // Every request of this file comes from 127.0.0.1; only the per-email limit is under test.
    limits: { forgotAddress: { points: 10_000, durationSeconds: 60 } },
  });
});
afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const SENT = { success: true, message: 'OTP has been sent to your email.', data: null };
const RESET = { success: true, message: 'Password has been reset successfully', data: null };
const INVALID_CODE = failure('Invalid or expired code');
const NEW_PASSWORD = 'brand-new-pass';

const forgot = (email: string) =>
  api.call('POST', `/api/Auth/ForgotPassword?email=${encodeURIComponent(email)}`);

const reset = (body: Record<string, unknown>) => api.call('POST', '/api/Auth/ResetPassword', { json: body });

const resetWith = (email: string, otp: string, password = NEW_PASSWORD) =>
  reset({ email, otp, newPassword: password, confirmPassword: password });

/** Asks for a code and reads it from the mail the SMTP server received. */
async function requestCode(email: string): Promise<string> {
  const already = smtp.to(email).length;
  const reply = await forgot(email);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual(SENT);
  await api.services.mailer.idle();
  const mails = smtp.to(email);
  expect(mails).toHaveLength(already + 1);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)!.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** A six-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const loginStatus = async (email: string, password: string) =>
  (await api.device().login(email, password)).status;

describe('POST /api/Auth/ForgotPassword', () => {
  it('mails an Arabic message with a 6-digit code through SMTP', async () => {
    const student = await registerStudent(api);
    const reply = await forgot(student.Email);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(SENT);
    await api.services.mailer.idle();

    const mails = smtp.to(student.Email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('رمز إعادة تعيين كلمة المرور');
    expect(mail.text).toContain('رمز إعادة تعيين كلمة المرور الخاص بك هو');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The same code in Arabic-Indic digits.
    const arabic = code!.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    expect(mail.text).toContain(arabic);

    const outbox = await api.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', student.Email)
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ status: 'sent', subject: mail.subject, body_text: mail.text });
    // Only a keyed hash of the code is kept.
    const stored = await api.db
      .selectFrom('password_resets')
      .select('code_hash')
      .where('user_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
  });

  it('finds the account whatever the case and spacing of the email', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(`  ${student.Email.toUpperCase()} `);
    expect(smtp.to(student.Email)).toHaveLength(1);
    expect((await resetWith(student.Email, code)).status).toBe(200);
  });

  it('answers the same 200 for an unknown email and sends nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const reply = await forgot(email);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(SENT);
    await api.services.mailer.idle();
    expect(smtp.to(email)).toEqual([]);
    const outbox = await api.db.selectFrom('outbox').select('id').where('to_address', '=', email).execute();
    expect(outbox).toEqual([]);
  });

  it.each([
    ['a malformed email', '/api/Auth/ForgotPassword?email=not-an-email'],
    ['an empty email', '/api/Auth/ForgotPassword?email='],
    ['no email', '/api/Auth/ForgotPassword'],
  ])('answers 400 for %s', async (_name, path) => {
    const reply = await api.call('POST', path);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, data: null, errors: { email: expect.any(String) } });
  });

  it('refuses the 4th request for one email within 15 minutes with 429 and Retry-After', async () => {
    const student = await registerStudent(api);
    const other = await registerStudent(api);
    for (let i = 0; i < 3; i += 1) expect((await forgot(student.Email)).status).toBe(200);
    const fourth = await forgot(student.Email.toUpperCase());
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual(failure(TOO_MANY_ATTEMPTS));
    const retryAfter = retryAfterSeconds(fourth.headers);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    await api.services.mailer.idle();
    expect(smtp.to(student.Email)).toHaveLength(3);
    // Another email is not affected.
    expect((await forgot(other.Email)).status).toBe(200);
  });

  it('the same limit applies to an unknown email, so the answers do not tell accounts apart', async () => {
    const email = `ghost-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i += 1) expect((await forgot(email)).status).toBe(200);
    expect((await forgot(email)).status).toBe(429);
  });
});

describe('POST /api/Auth/ResetPassword', () => {
  it('sets the new password and ends every device session of the account', async () => {
    const student = await registerStudent(api);
    const phone = api.device();
    const laptop = api.device();
    expect((await phone.login(student.Email)).status).toBe(200);
    expect((await laptop.login(student.Email)).status).toBe(200);
    const code = await requestCode(student.Email);

    const reply = await resetWith(student.Email, code);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(RESET);

    expect((await phone.call('GET', PROFILE)).status).toBe(401);
    expect((await laptop.call('GET', PROFILE)).status).toBe(401);
    expect((await laptop.call('POST', '/api/Auth/refresh-token')).status).toBe(401);
    expect(await countSessions(api, student.id)).toBe(0);

    const old = await api.device().login(student.Email, PASSWORD);
    expect(old.status).toBe(400);
    expect(old.body).toEqual(failure(INVALID_CREDENTIALS));
    expect(await loginStatus(student.Email, NEW_PASSWORD)).toBe(200);
  });

  it('accepts a code only once', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    expect((await resetWith(student.Email, code)).status).toBe(200);
    const again = await resetWith(student.Email, code, 'another-password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_CODE);
    expect(await loginStatus(student.Email, 'another-password')).toBe(400);
    expect(await loginStatus(student.Email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a wrong code with 400 and keeps the password', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    const reply = await resetWith(student.Email, otherCode(code));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(INVALID_CODE);
    expect(await loginStatus(student.Email, PASSWORD)).toBe(200);
    // A wrong guess does not spend the right code.
    expect((await resetWith(student.Email, code)).status).toBe(200);
  });

  it('refuses the right code after 5 wrong ones', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await resetWith(student.Email, otherCode(String(Number(code) + i)));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual(INVALID_CODE);
    }
    const right = await resetWith(student.Email, code);
    expect(right.status).toBe(400);
    expect(right.body).toEqual(INVALID_CODE);
    expect(await loginStatus(student.Email, PASSWORD)).toBe(200);
  });

  it('five parallel wrong guesses and the right code still leave no sixth try', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    const guesses = Array.from({ length: 5 }, (_, i) => otherCode(String(Number(code) + i)));
    const replies = await Promise.all(guesses.map((guess) => resetWith(student.Email, guess)));
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect((await resetWith(student.Email, code)).status).toBe(400);
  });

  it('refuses the code after 11 minutes', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    api.clock.advanceMinutes(11);
    const reply = await resetWith(student.Email, code);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(INVALID_CODE);
    expect(await loginStatus(student.Email, PASSWORD)).toBe(200);
  });

  it('accepts the code 9 minutes after it was sent', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    api.clock.advanceMinutes(9);
    expect((await resetWith(student.Email, code)).status).toBe(200);
  });

  it('refuses a code for an unknown email with the same message', async () => {
    const reply = await resetWith(`nobody-${Date.now()}@example.com`, '123456');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(INVALID_CODE);
  });

  it('refuses mismatched passwords', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    const reply = await reset({
      email: student.Email,
      otp: code,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      message: PASSWORDS_DO_NOT_MATCH,
      data: null,
      errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH },
    });
    expect(await loginStatus(student.Email, PASSWORD)).toBe(200);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const student = await registerStudent(api);
    const code = await requestCode(student.Email);
    const reply = await resetWith(student.Email, code, '12345');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      message: PASSWORD_TOO_SHORT,
      data: null,
      errors: { newPassword: PASSWORD_TOO_SHORT },
    });
    expect(await loginStatus(student.Email, PASSWORD)).toBe(200);
  });

  it.each(['email', 'otp', 'newPassword', 'confirmPassword'])(
    'answers 400 when %s is missing',
    async (field) => {
      const body: Record<string, string> = {
        email: 'someone@example.com',
        otp: '123456',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      };
      delete body[field];
      const reply = await reset(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        success: false,
        data: null,
        errors: { [field]: expect.any(String) },
      });
    },
  );

  it("a code mailed for one account does not reset another's password", async () => {
    const a = await registerStudent(api);
    const b = await registerStudent(api);
    const code = await requestCode(a.Email);
    // b has a code of its own; a new request replaces it in the one-in-a-million case it equals a's.
    if ((await requestCode(b.Email)) === code) await requestCode(b.Email);
    const reply = await resetWith(b.Email, code);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(INVALID_CODE);
    expect(await loginStatus(b.Email, PASSWORD)).toBe(200);
  });
});
