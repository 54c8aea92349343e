// POST /api/Auth/register (API.md, Auth): the three body encodings, per-field validation, the
// 409 conflicts (also when two registrations race) and tenant scoping of accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countUsers,
  ensureTenant,
  LOGIN,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  REGISTER,
} from './support/auth-helpers';
import { newStudent, PASSWORD, startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await ensureTenant(api, 'tenant9');
});
afterAll(async () => {
  await api.close();
});

/** The required fields; IsOnline is optional (API.md, Existing clients). */
const FIELDS = [
  'UserName',
  'Password',
  'ConfirmPassword',
  'Email',
  'PhoneNumber',
  'ParentPhone',
  'AcademicYear',
] as const;

const userRow = (email: string, tenantSlug = 'tenant8') =>
  api.db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .selectAll('users')
    .where('tenants.slug', '=', tenantSlug)
    .where('users.email', '=', email)
    .executeTakeFirst();

/** Registers with the given body and checks the refusal leaves the users table as it was. */
async function expectRefused(
  opts: Parameters<TestApi['call']>[2],
  status: number,
): Promise<{ body: any; before: number }> {
  const before = await countUsers(api);
  const reply = await api.call('POST', REGISTER, opts);
  expect(reply.status).toBe(status);
  expect(reply.body).toMatchObject({ success: false, data: null });
  expect(typeof reply.body.message).toBe('string');
  expect(await countUsers(api)).toBe(before);
  return { body: reply.body, before };
}

describe('successful registration', () => {
  it('accepts multipart/form-data and answers with the new account', async () => {
    const before = await countUsers(api);
    const fields = newStudent({ Email: `  Mixed.Case-${Date.now()}@Example.COM `, IsOnline: 'false' });
    const reply = await api.call('POST', REGISTER, { multipart: fields });
    expect(reply.status).toBe(200);
    const email = fields.Email.trim().toLowerCase();
    expect(reply.body).toEqual({
      success: true,
      message: 'Registration successful',
      data: { id: expect.any(Number), name: fields.UserName, email, requiresEmailConfirmation: false },
    });
    expect(await countUsers(api)).toBe(before + 1);
    const row = await userRow(email);
    expect(row).toMatchObject({
      id: reply.body.data.id,
      name: fields.UserName,
      phone: fields.PhoneNumber,
      parent_phone: fields.ParentPhone,
      academic_year: 'Secondary3',
      is_online: 0,
      role: 'student',
    });
    // Only a hash of the password is stored.
    expect(row!.password_hash).not.toContain(PASSWORD);
  });

  it('accepts application/x-www-form-urlencoded', async () => {
    const fields = newStudent({ IsOnline: 'True' });
    const reply = await api.call('POST', REGISTER, { form: fields });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      data: { name: fields.UserName, email: fields.Email, requiresEmailConfirmation: false },
    });
    expect(await userRow(fields.Email)).toMatchObject({ is_online: 1 });
  });

  // Issue 18, difference 4: a client of the spec's family sends the seven other fields only.
  it('accepts a form without IsOnline, as a centre student', async () => {
    const fields: Partial<ReturnType<typeof newStudent>> = newStudent({ IsOnline: 'true' });
    delete fields.IsOnline;
    const reply = await api.call('POST', REGISTER, { multipart: fields });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, data: { email: fields.Email } });
    expect(await userRow(fields.Email!)).toMatchObject({ is_online: 0 });
  });

  it('accepts JSON, with IsOnline as a boolean', async () => {
    const fields = newStudent();
    const reply = await api.call('POST', REGISTER, { json: { ...fields, IsOnline: false } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      data: { name: fields.UserName, email: fields.Email, requiresEmailConfirmation: false },
    });
    expect(await userRow(fields.Email)).toMatchObject({ is_online: 0 });
  });

  it.each([
    ['secondary 2', 'Secondary2'],
    ['2nd Secondary', 'Secondary2'],
    ['الصف الثاني الثانوي', 'Secondary2'],
    ['oman ٧', 'Oman7'],
    ['Grade7', 'Oman7'],
    [' 2 ', 'Secondary2'],
  ])('stores the grade form %j as %s (seen in login’s user.academicYear)', async (form, grade) => {
    const fields = newStudent({ AcademicYear: form });
    const reply = await api.call('POST', REGISTER, { multipart: fields });
    expect(reply.status).toBe(200);
    const login = await api.call('POST', LOGIN, {
      deviceId: `grade-device-${grade}`,
      json: { EmailorMobile: fields.Email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.academicYear).toBe(grade);
  });

  it('stores phone numbers in their normalised form', async () => {
    const fields = newStudent({ PhoneNumber: '+20 (100) 555-1234', ParentPhone: '٠١٢٣٤٥٦٧٨٩٠' });
    const reply = await api.call('POST', REGISTER, { multipart: fields });
    expect(reply.status).toBe(200);
    expect(await userRow(fields.Email)).toMatchObject({
      phone: '+201005551234',
      parent_phone: '01234567890',
    });
  });
});

describe('validation', () => {
  it.each(FIELDS)('a missing %s is a 400 naming that field', async (field) => {
    const fields = newStudent();
    delete fields[field];
    const { body } = await expectRefused({ multipart: fields }, 400);
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toContain(field);
    expect(body.message).toBe(body.errors[field]);
  });

  it('names every missing field at once', async () => {
    const { body } = await expectRefused({ json: {} }, 400);
    expect(Object.keys(body.errors).sort()).toEqual([...FIELDS].sort());
  });

  it('refuses mismatched passwords', async () => {
    const { body } = await expectRefused(
      { multipart: newStudent({ Password: 'secret123', ConfirmPassword: 'secret124' }) },
      400,
    );
    expect(body).toEqual({
      success: false,
      message: PASSWORDS_DO_NOT_MATCH,
      data: null,
      errors: { ConfirmPassword: PASSWORDS_DO_NOT_MATCH },
    });
  });

  it('refuses a password shorter than 6 characters', async () => {
    const { body } = await expectRefused(
      { multipart: newStudent({ Password: '12345', ConfirmPassword: '12345' }) },
      400,
    );
    expect(body.errors).toEqual({ Password: PASSWORD_TOO_SHORT });
    expect(body.message).toBe(PASSWORD_TOO_SHORT);
  });

  it('accepts a password of exactly 6 characters', async () => {
    const reply = await api.call('POST', REGISTER, {
      multipart: newStudent({ Password: '123456', ConfirmPassword: '123456' }),
    });
    expect(reply.status).toBe(200);
  });

  it.each(['Secondary4', 'Oman13', 'Grade 3', 'first', ''])('refuses the unknown grade %j', async (grade) => {
    const { body } = await expectRefused({ multipart: newStudent({ AcademicYear: grade }) }, 400);
    expect(Object.keys(body.errors)).toEqual(['AcademicYear']);
  });

  it.each([
    ['Email', 'not-an-email'],
    ['PhoneNumber', '12345'],
    ['ParentPhone', 'call me'],
    ['IsOnline', 'yes'],
    ['UserName', 'A'],
  ])('refuses an invalid %s (%j)', async (field, value) => {
    const { body } = await expectRefused({ multipart: newStudent({ [field]: value }) }, 400);
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it('refuses an unknown extra field', async () => {
    const { body } = await expectRefused({ multipart: newStudent({ Role: 'admin' }) }, 400);
    expect(body.errors).toEqual({ Role: 'Unknown field: Role' });
  });

  it('refuses an unknown extra field in JSON too', async () => {
    const { body } = await expectRefused({ json: { ...newStudent(), role: 'admin' } }, 400);
    expect(body.errors).toEqual({ role: 'Unknown field: role' });
  });

  it('needs a known tenant', async () => {
    const { body } = await expectRefused({ multipart: newStudent(), tenant: null }, 400);
    expect(body).toEqual({ success: false, message: 'Unknown tenant', data: null });
    await expectRefused({ multipart: newStudent(), tenant: 'no-such-school' }, 400);
  });
});

describe('conflicts', () => {
  it('refuses an email that is already registered, in any case and with spaces', async () => {
    const first = newStudent();
    expect((await api.call('POST', REGISTER, { multipart: first })).status).toBe(200);
    for (const email of [first.Email, `  ${first.Email.toUpperCase()}  `]) {
      const { body } = await expectRefused({ multipart: newStudent({ Email: email }) }, 409);
      expect(body).toEqual({ success: false, message: 'Email is already registered', data: null });
    }
  });

  it('refuses a phone number that is already registered, in any format', async () => {
    const first = newStudent({ PhoneNumber: '01098765432' });
    expect((await api.call('POST', REGISTER, { multipart: first })).status).toBe(200);
    for (const phone of ['01098765432', '010 9876-5432', '٠١٠٩٨٧٦٥٤٣٢']) {
      const { body } = await expectRefused({ multipart: newStudent({ PhoneNumber: phone }) }, 409);
      expect(body).toEqual({ success: false, message: 'Phone number is already registered', data: null });
    }
  });

  it('lets exactly one of two parallel registrations with the same email through', async () => {
    const before = await countUsers(api);
    const email = newStudent().Email;
    const replies = await Promise.all(
      [0, 1].map(() => api.call('POST', REGISTER, { multipart: newStudent({ Email: email }) })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toEqual({
      success: false,
      message: 'Email is already registered',
      data: null,
    });
    expect(await countUsers(api)).toBe(before + 1);
    const rows = await api.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of two parallel registrations with the same phone through', async () => {
    const before = await countUsers(api);
    const phone = newStudent().PhoneNumber;
    const replies = await Promise.all(
      [0, 1].map(() => api.call('POST', REGISTER, { multipart: newStudent({ PhoneNumber: phone }) })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toBe('Phone number is already registered');
    expect(await countUsers(api)).toBe(before + 1);
  });

  it('registers the same email and phone in two tenants as two accounts', async () => {
    const fields = newStudent();
    const here = await api.call('POST', REGISTER, { multipart: fields });
    const there = await api.call('POST', REGISTER, { multipart: fields, tenant: 'tenant9' });
    expect(here.status).toBe(200);
    expect(there.status).toBe(200);
    expect(there.body.data.id).not.toBe(here.body.data.id);
    expect((await userRow(fields.Email, 'tenant9'))?.id).toBe(there.body.data.id);
    expect((await userRow(fields.Email, 'tenant8'))?.id).toBe(here.body.data.id);
    // Still one account per tenant.
    await expectRefused({ multipart: newStudent({ Email: fields.Email }), tenant: 'tenant9' }, 409);
  });
});
