// Hostile input to register and login (API.md, Conventions: bad input is a 400 envelope, never a
// 500): malformed bodies, wrong types, huge values, SQL and markup payloads, then property-based
// fuzzing with fast-check. Every refusal must leave the users table unchanged.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUsers, failure, INVALID_CREDENTIALS, LOGIN, REGISTER } from './support/auth-helpers';
import {
  newStudent,
  registerStudent,
  startTestApi,
  type CallOptions,
  type Reply,
  type TestApi,
} from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  // Fuzzed logins repeat short identifiers; the per-account limit is tested in auth-login.
  api = await startTestApi({ limits: { loginAccount: { points: 10_000, durationSeconds: 60 } } });
});
afterAll(async () => {
  await api.close();
});

const REGISTER_FIELDS = [
  'UserName',
  'Password',
  'ConfirmPassword',
  'Email',
  'PhoneNumber',
  'ParentPhone',
  'AcademicYear',
  'IsOnline',
] as const;
const LOGIN_FIELDS = ['EmailorMobile', 'password'] as const;
const DEVICE = 'hostile-device-1';
const MEGABYTE = 'A'.repeat(1024 * 1024);

const PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
] as const;

const registerCall = (opts: CallOptions) => api.call('POST', REGISTER, opts);
const loginCall = (opts: CallOptions) => api.call('POST', LOGIN, { deviceId: DEVICE, ...opts });

/** A refusal: the given status, the error envelope, and no new user row. */
async function expectRefusal(send: () => Promise<Reply<any>>, statuses: number[]): Promise<Reply<any>> {
  const before = await countUsers(api);
  const reply = await send();
  expect(statuses).toContain(reply.status);
  expect(reply.body).toMatchObject({ success: false, data: null, message: expect.any(String) });
  expect(await countUsers(api)).toBe(before);
  return reply;
}

describe('malformed bodies', () => {
  it.each([REGISTER, LOGIN])('%s: malformed JSON is a 400 envelope', async (path) => {
    for (const raw of ['{"EmailorMobile": ', '{bad json}', "{'single': 'quotes'}", '{"a":1}}']) {
      const reply = await expectRefusal(
        () => api.call('POST', path, { deviceId: DEVICE, rawBody: raw }),
        [400],
      );
      expect(reply.body).toEqual(failure('Malformed JSON body'));
    }
  });

  it.each([REGISTER, LOGIN])('%s: an empty JSON body is a 400 envelope', async (path) => {
    const reply = await expectRefusal(() => api.call('POST', path, { deviceId: DEVICE, rawBody: '' }), [400]);
    expect(reply.body).toEqual(failure('Request body is empty'));
  });

  it.each([REGISTER, LOGIN])('%s: a JSON body that is not an object is a 400', async (path) => {
    for (const raw of ['null', '[]', '"text"', '42', 'true', '[{"EmailorMobile":"a@b.co"}]']) {
      await expectRefusal(() => api.call('POST', path, { deviceId: DEVICE, rawBody: raw }), [400]);
    }
  });

  it.each([REGISTER, LOGIN])('%s: a __proto__ or constructor.prototype key is refused', async (path) => {
    for (const raw of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      await expectRefusal(() => api.call('POST', path, { deviceId: DEVICE, rawBody: raw }), [400]);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('an unsupported content type is refused', async () => {
    const reply = await expectRefusal(
      () => registerCall({ rawBody: 'UserName: x', contentType: 'application/xml' }),
      [415],
    );
    expect(reply.body).toEqual(failure('Unsupported content type'));
  });

  it.each([REGISTER, LOGIN])('%s: a JSON body over the size limit is a 413 envelope', async (path) => {
    const raw = JSON.stringify({ EmailorMobile: 'x'.repeat(70 * 1024), password: 'secret123' });
    const reply = await expectRefusal(
      () => api.call('POST', path, { deviceId: DEVICE, rawBody: raw }),
      [413],
    );
    expect(reply.body).toEqual(failure('Request body is too large'));
  });

  it('a url-encoded body over the size limit is a 413 envelope', async () => {
    const reply = await expectRefusal(
      () => registerCall({ form: newStudent({ UserName: 'a'.repeat(70 * 1024) }) }),
      [413],
    );
    expect(reply.body).toEqual(failure('Request body is too large'));
  });

  it('a multipart body with more parts than allowed is a 413 envelope', async () => {
    const fields: Record<string, string> = newStudent();
    for (let i = 0; i < 30; i += 1) fields[`extra${i}`] = 'x';
    const reply = await expectRefusal(() => registerCall({ multipart: fields }), [413]);
    expect(reply.body).toEqual(failure('Too many form fields'));
  });

  it('a multipart body carrying a file is refused', async () => {
    const boundary = 'hostileBoundary';
    const parts = Object.entries(newStudent()).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.php"\r\nContent-Type: application/x-php\r\n\r\n<?php echo 1; ?>\r\n`;
    const raw = `${parts.join('')}${file}--${boundary}--\r\n`;
    await expectRefusal(
      () => registerCall({ rawBody: raw, contentType: `multipart/form-data; boundary=${boundary}` }),
      [400, 413],
    );
  });

  describe('malformed multipart (regression: these were 500s)', () => {
    const boundary = 'hostileBoundary';
    const validParts = () =>
      Object.entries(newStudent())
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('');
    const longBoundary = 'b'.repeat(300);

    it.each([
      ['no boundary parameter', 'multipart/form-data', () => `${validParts()}--${boundary}--\r\n`],
      ['an empty boundary', 'multipart/form-data; boundary=', () => '--\r\n'],
      [
        'a boundary longer than any parser accepts',
        `multipart/form-data; boundary=${longBoundary}`,
        () =>
          `--${longBoundary}\r\nContent-Disposition: form-data; name="UserName"\r\n\r\nAli\r\n--${longBoundary}--\r\n`,
      ],
      ['a body cut short', `multipart/form-data; boundary=${boundary}`, () => validParts().slice(0, 120)],
      [
        'a body that is not multipart at all',
        `multipart/form-data; boundary=${boundary}`,
        () => 'hello world',
      ],
      [
        'a field declared as JSON that is not JSON',
        `multipart/form-data; boundary=${boundary}`,
        () =>
          `--${boundary}\r\nContent-Disposition: form-data; name="UserName"\r\nContent-Type: application/json\r\n\r\n{bad\r\n${validParts()}--${boundary}--\r\n`,
      ],
    ])('%s is a 400 envelope', async (_name, contentType, raw) => {
      const reply = await expectRefusal(() => registerCall({ rawBody: raw(), contentType }), [400]);
      expect(reply.body).toEqual(failure('Malformed form data'));
    });

    it('a prototype field name is a 400 envelope', async () => {
      const raw = `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n${validParts()}--${boundary}--\r\n`;
      const reply = await expectRefusal(
        () => registerCall({ rawBody: raw, contentType: `multipart/form-data; boundary=${boundary}` }),
        [400],
      );
      expect(reply.body).toEqual(failure('Malformed form data'));
    });
  });
});

describe('wrong types', () => {
  const WRONG = [123, 1.5, [], ['secret123'], {}, { $ne: null }, null] as const;

  it.each(LOGIN_FIELDS)('login: a non-string %s is a 400 naming the field', async (field) => {
    for (const value of [...WRONG, true]) {
      const body = { EmailorMobile: 'someone@example.com', password: 'secret123', [field]: value };
      const reply = await expectRefusal(() => loginCall({ json: body }), [400]);
      expect(reply.body.errors).toEqual({ [field]: `${field} must be text` });
    }
  });

  it.each(REGISTER_FIELDS)('register (JSON): a wrongly typed %s is a 400 naming the field', async (field) => {
    // IsOnline may be a JSON boolean; every other field must be text.
    const values = field === 'IsOnline' ? [...WRONG, 'yes', 1, 0] : [...WRONG, true, false];
    for (const value of values) {
      const reply = await expectRefusal(
        () => registerCall({ json: { ...newStudent(), [field]: value } }),
        [400],
      );
      expect(Object.keys(reply.body.errors)).toEqual([field]);
    }
  });

  it('register (url-encoded): a field given twice is a 400 naming the field', async () => {
    const fields = newStudent();
    const raw = `${new URLSearchParams(fields).toString()}&Email=${encodeURIComponent('second@example.com')}`;
    const reply = await expectRefusal(
      () => registerCall({ rawBody: raw, contentType: 'application/x-www-form-urlencoded' }),
      [400],
    );
    expect(reply.body.errors).toEqual({ Email: 'Email must be text' });
  });

  it('register (multipart): a field given twice is a 400 naming the field', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(newStudent())) form.append(key, value);
    form.append('AcademicYear', 'Secondary1');
    const before = await countUsers(api);
    const response = await fetch(`${api.baseUrl}${REGISTER}`, {
      method: 'POST',
      headers: { 'x-tenant-id': 'tenant8' },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      errors: { AcademicYear: 'AcademicYear must be text' },
    });
    expect(await countUsers(api)).toBe(before);
  });
});

describe('1 MB values', () => {
  it.each(LOGIN_FIELDS)('login (JSON): 1 MB in %s is refused with an envelope', async (field) => {
    const body = { EmailorMobile: 'someone@example.com', password: 'secret123', [field]: MEGABYTE };
    const reply = await expectRefusal(() => loginCall({ json: body }), [400, 413]);
    expect(reply.body).toEqual(failure('Request body is too large'));
  });

  it.each(REGISTER_FIELDS)('register (JSON): 1 MB in %s is refused with an envelope', async (field) => {
    await expectRefusal(() => registerCall({ json: newStudent({ [field]: MEGABYTE }) }), [400, 413]);
  });

  it.each(REGISTER_FIELDS)('register (multipart): 1 MB in %s is refused with an envelope', async (field) => {
    const fields = newStudent({ [field]: MEGABYTE });
    // The same huge value in both password fields, so that only its size is wrong.
    if (field === 'Password' || field === 'ConfirmPassword')
      Object.assign(fields, { Password: MEGABYTE, ConfirmPassword: MEGABYTE });
    await expectRefusal(() => registerCall({ multipart: fields }), [400, 413]);
  });

  it('register (multipart): 1 MB as a field name is refused with an envelope', async () => {
    await expectRefusal(
      () => registerCall({ multipart: { ...newStudent(), ['k'.repeat(1024 * 1024)]: 'x' } }),
      [400, 413],
    );
  });
});

describe('SQL and markup payloads', () => {
  const NOT_PASSWORDS = REGISTER_FIELDS.filter((f) => f !== 'Password' && f !== 'ConfirmPassword');
  const cases = NOT_PASSWORDS.flatMap((field) => PAYLOADS.map((payload) => [field, payload] as const));

  it.each(cases)('register: %s = %j is a 400 (multipart and JSON)', async (field, payload) => {
    for (const send of [
      () => registerCall({ multipart: newStudent({ [field]: payload }) }),
      () => registerCall({ json: newStudent({ [field]: payload }) }),
    ]) {
      const reply = await expectRefusal(send, [400]);
      expect(Object.keys(reply.body.errors)).toEqual([field]);
    }
  });

  it.each(PAYLOADS)('register: %j in only one password field is a mismatch', async (payload) => {
    for (const field of ['Password', 'ConfirmPassword']) {
      const reply = await expectRefusal(
        () => registerCall({ multipart: newStudent({ [field]: payload }) }),
        [400],
      );
      expect(reply.body.errors).toEqual({ ConfirmPassword: 'Passwords do not match' });
    }
  });

  // A payload is a valid password (6-128 characters of anything), so it may register: it is only
  // ever hashed. The account must then log in with exactly that string and the row must hold the
  // name and email that were sent, with every other account intact.
  it.each(PAYLOADS)(
    'register: %j as the password registers and logs in with exactly that string',
    async (payload) => {
      const before = await countUsers(api);
      const student = await registerStudent(api, { Password: payload, ConfirmPassword: payload });
      expect(await countUsers(api)).toBe(before + 1);
      const row = await api.db
        .selectFrom('users')
        .select(['name', 'email', 'phone'])
        .where('id', '=', student.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: student.UserName, email: student.Email, phone: student.PhoneNumber });
      expect((await api.device().login(student.Email, payload)).status).toBe(200);
      const near = await api.device().login(student.Email, `${payload} `);
      expect(near.status).toBe(400);
    },
  );

  it.each(PAYLOADS)('login: %j as EmailorMobile is an unknown account (400)', async (payload) => {
    await registerStudent(api);
    const reply = await expectRefusal(
      () => loginCall({ json: { EmailorMobile: payload, password: payload } }),
      [400],
    );
    expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
  });

  it.each(PAYLOADS)('login: %j as the password of a real account is a 400', async (payload) => {
    const student = await registerStudent(api);
    for (const identifier of [student.Email, student.PhoneNumber]) {
      const reply = await expectRefusal(
        () => loginCall({ json: { EmailorMobile: identifier, password: payload } }),
        [400],
      );
      expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
    }
  });

  it.each(PAYLOADS)('login: %j in the email part of an identifier is a 400', async (payload) => {
    const reply = await expectRefusal(
      () => loginCall({ json: { EmailorMobile: `${payload}@example.com`, password: 'secret123' } }),
      [400],
    );
    expect(reply.body).toEqual(failure(INVALID_CREDENTIALS));
  });

  it.each(PAYLOADS)('headers: %j as X-Tenant-ID or DeviceId is a 400', async (payload) => {
    const student = await registerStudent(api);
    const tenant = await expectRefusal(
      () => registerCall({ multipart: newStudent(), tenant: payload }),
      [400],
    );
    expect(tenant.body).toEqual(failure('Unknown tenant'));
    const device = await expectRefusal(
      () => loginCall({ deviceId: payload, json: { EmailorMobile: student.Email, password: 'secret123' } }),
      [400],
    );
    expect(device.body.errors).toEqual({ DeviceId: 'A valid DeviceId header is required' });
  });

  it('the users table survives every payload', async () => {
    const count = await countUsers(api);
    expect(count).toBeGreaterThan(0);
    const student = await registerStudent(api);
    expect((await api.device().login(student.Email)).status).toBe(200);
  });
});

describe('property-based', () => {
  const ALLOWED = [200, 400, 401, 409, 413, 415, 429];
  const RUNS = { numRuns: 80 };
  let serial = 0;

  /** A valid registration, unique per run, so that a property's 200 is never a 409 by accident. */
  const freshStudent = () => {
    serial += 1;
    return newStudent({
      Email: `fuzz-${serial}-${Date.now()}@example.com`,
      PhoneNumber: `0155${String(serial).padStart(7, '0')}`,
    });
  };

  /**
   * The invariant of every hostile call: an allowed status, never a 5xx, the error envelope for
   * every refusal, and a new user row exactly when a registration answered 200.
   */
  async function check(send: () => Promise<Reply<any>>, registers: boolean): Promise<void> {
    const before = await countUsers(api);
    const reply = await send();
    expect(reply.status, reply.text).toBeLessThan(500);
    expect(ALLOWED).toContain(reply.status);
    expect(reply.body, reply.text).toBeTypeOf('object');
    if (reply.status === 200) expect(reply.body.success).toBe(true);
    else expect(reply.body).toMatchObject({ success: false, data: null, message: expect.any(String) });
    expect(await countUsers(api)).toBe(before + (registers && reply.status === 200 ? 1 : 0));
  }

  const anyString = fc.oneof(
    fc.string({ maxLength: 2000 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.constantFrom(...PAYLOADS, '', ' ', '\u0000', '\uFEFF', 'null', '__proto__', 'true'),
  );
  const anyValue = fc.oneof(anyString, fc.anything({ maxDepth: 3 }));
  const randomKeys = fc.dictionary(anyString, anyValue, { maxKeys: 12 });

  it('register (JSON): any body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything({ maxDepth: 3 }), randomKeys), async (body) => {
        await check(() => registerCall({ json: body }), true);
      }),
      RUNS,
    );
  });

  it('register (JSON): any value in any single field', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...REGISTER_FIELDS), anyValue, async (field, value) => {
        await check(() => registerCall({ json: { ...freshStudent(), [field]: value } }), true);
      }),
      RUNS,
    );
  });

  it('register (multipart): any string in any single field, with random extra fields', async () => {
    const extra = fc.dictionary(fc.string({ maxLength: 40 }), fc.string({ maxLength: 200 }), { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...REGISTER_FIELDS),
        anyString,
        fc.option(extra),
        async (field, value, more) => {
          const fields = { ...freshStudent(), ...(more ?? {}), [field]: value };
          await check(() => registerCall({ multipart: fields }), true);
        },
      ),
      RUNS,
    );
  });

  it('register (multipart): random field names and values', async () => {
    const fields = fc.dictionary(anyString, anyString, { maxKeys: 10 });
    await fc.assert(
      fc.asyncProperty(fields, async (body) => {
        await check(() => registerCall({ multipart: body }), true);
      }),
      RUNS,
    );
  });

  it('login (JSON): any body, or any value in either field', async () => {
    const body = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      randomKeys,
      fc.record({ EmailorMobile: anyValue, password: anyValue }),
      fc.record({ EmailorMobile: anyString, password: anyString }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (json) => {
        await check(() => loginCall({ json }), false);
      }),
      RUNS,
    );
  });

  it('register and login: any raw body with any content type', async () => {
    const contentType = fc.constantFrom(
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=fuzz',
      'multipart/form-data',
      'text/plain',
      'application/octet-stream',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(REGISTER, LOGIN), contentType, anyString, async (path, type, raw) => {
        await check(
          () => api.call('POST', path, { deviceId: DEVICE, rawBody: raw, contentType: type }),
          path === REGISTER,
        );
      }),
      RUNS,
    );
  });
});
