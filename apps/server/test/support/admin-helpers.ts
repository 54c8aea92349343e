// What the admin suites share: an admin account signed in on its own device, a signed-in student,
// a second school with rows of its own (for the 404 cases), uploads, and the audit log as stored.
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { hashPassword } from '../../src/modules/auth/passwords';
import { UserRepository } from '../../src/modules/auth/users';
import type { Tenant } from '../../src/db/schema';
import { ensureTenant } from './auth-helpers';
import { buildCourse, fourOptions, type BuiltCourse } from './catalogue-fixture';
import { studentAnswers } from './quiz-answers';
import { PASSWORD, registerStudent, startTestApi, TENANT, type Device, type TestApi } from './test-api';

export const ADMINS_ONLY = 'Only administrators can do this';
export const OTHER_TENANT = 'tenant9';

export const failure = (message: string) => ({ success: false, message, data: null });

/** The body of PUT/POST a lesson as a video (contract LessonInput), with `overrides`. */
export const videoLessonInput = (overrides: Record<string, unknown> = {}) => ({
  type: 'Video',
  name: 'درس مصور',
  titel: null,
  videoUrl: 'https://www.youtube.com/watch?v=abc',
  attachmentUrl: null,
  attachmentTitle: null,
  ...overrides,
});

/** The password hash is the slow part of making an account: computed once per file. */
let passwordHash: Promise<string> | null = null;

export type SignedIn = { id: number; name: string; email: string; device: Device };

/** An account with the admin role in `tenant`, signed in on a device of its own. */
export async function signedInAdmin(api: TestApi, tenant = TENANT): Promise<SignedIn> {
  const row = await api.services.tenants.bySlug(tenant);
  if (!row) throw new Error(`no tenant ${tenant}`);
  const now = api.clock.now().toISOString();
  const email = `admin-${randomBytes(5).toString('hex')}@example.com`;
  passwordHash ??= hashPassword(PASSWORD);
  const user = await new UserRepository(api.db).create({
    tenant_id: row.id,
    name: 'مدير المنصة',
    email,
    phone: `015${String(randomInt(0, 99_999_999)).padStart(8, '0')}`,
    parent_phone: '',
    academic_year: '',
    is_online: 1,
    role: 'admin',
    password_hash: await passwordHash,
    email_confirmed_at: now,
    created_at: now,
    updated_at: now,
  });
  const device = api.device();
  device.tenant = tenant;
  const reply = await device.login(email);
  if (reply.status !== 200) throw new Error(`admin login failed: ${reply.status} ${reply.text}`);
  return { id: user.id, name: user.name, email, device };
}

/** A student registered over HTTP and signed in on a device of their own. */
export async function signedInStudent(api: TestApi, tenant = TENANT) {
  const fields = await registerStudent(api, {}, tenant);
  const device = api.device();
  device.tenant = tenant;
  const reply = await device.login(fields.Email);
  if (reply.status !== 200) throw new Error(`student login failed: ${reply.status} ${reply.text}`);
  return { id: fields.id, name: fields.UserName, email: fields.Email, phone: fields.PhoneNumber, device };
}

/** A second school with a course (a video and a quiz lesson) and a student: its ids must answer 404. */
export async function otherSchool(
  api: TestApi,
): Promise<{ tenant: Tenant; course: BuiltCourse; studentId: number }> {
  const tenant = await ensureTenant(api, OTHER_TENANT);
  const course = await buildCourse(api.db, {
    tenantId: tenant.id,
    units: [[{ type: 'Video' }, { type: 'Quiz', questions: [fourOptions('س')] }]],
  });
  const student = await registerStudent(api, {}, OTHER_TENANT);
  return { tenant, course, studentId: student.id };
}

/** A multipart upload with one `file` part, as a browser sends it; answers status and JSON body. */
export async function upload(
  api: TestApi,
  device: Device,
  path: string,
  bytes: Uint8Array,
  file: { name?: string; type?: string } = {},
) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([bytes], { type: file.type ?? 'application/octet-stream' }),
    file.name ?? 'file',
  );
  const headers: Record<string, string> = { 'x-tenant-id': device.tenant, deviceid: device.deviceId };
  if (device.token) headers.authorization = `Bearer ${device.token}`;
  const response = await fetch(`${api.baseUrl}${path}`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

/** The tenant's audit entries as stored, newest first. */
export function auditRows(api: TestApi, tenantId: number) {
  return api.db
    .selectFrom('audit_log')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id', 'desc')
    .execute();
}

/** A tiny valid PNG (1×1) and other files identified by their first bytes. */
export const FILES = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082',
    'hex',
  ),
  jpg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  html: Buffer.from('<!doctype html><script>alert(1)</script>'),
};

/** Enrols a student straight in the database, from the test clock's now. */
export async function enrolDirectly(api: TestApi, tenantId: number, studentId: number, courseId: number) {
  await api.db
    .insertInto('enrollments')
    .values({
      tenant_id: tenantId,
      user_id: studentId,
      course_id: courseId,
      enrolled_at: api.clock.now().toISOString(),
      source: 'admin',
      code_id: null,
    })
    .execute();
}

/**
 * The student opens the quiz and submits it over HTTP, choosing answer `pick` (a stored id; default:
 * the correct one) each time, sent in the student's own ids.
 */
export async function submitQuiz(
  student: { device: Device },
  course: BuiltCourse,
  lessonId: number,
  pick?: Parameters<typeof studentAnswers>[3],
) {
  const answers = await studentAnswers(student.device, course, lessonId, pick);
  const reply = await student.device.call('POST', '/api/quizresult/submit', { json: { lessonId, answers } });
  if (reply.status !== 200) throw new Error(`submit failed: ${reply.status} ${reply.text}`);
  return reply.body.data as { score: number };
}

export type Student = Awaited<ReturnType<typeof signedInStudent>>;
export type OtherSchool = Awaited<ReturnType<typeof otherSchool>>;
export type AdminSuite = {
  api: TestApi;
  tenant: Tenant;
  admin: SignedIn;
  student: Student;
  other: OtherSchool;
};

/**
 * A file's fixture: the API on a fresh database, its default school, an admin and a student of it,
 * and a second school. Filled in by a beforeAll hook; closed after the file.
 */
export function adminSuite(options: Parameters<typeof startTestApi>[0] = {}): AdminSuite {
  const suite = {} as AdminSuite;
  beforeAll(async () => {
    suite.api = await startTestApi(options);
    suite.tenant = (await suite.api.services.tenants.bySlug(TENANT))!;
    suite.admin = await signedInAdmin(suite.api);
    suite.student = await signedInStudent(suite.api);
    suite.other = await otherSchool(suite.api);
  });
  afterAll(async () => {
    await suite.api.close();
  });
  return suite;
}

export type Endpoint = [method: string, path: string, json?: unknown];

/** Each endpoint answers 401 without a token and 403 (the envelope) to a signed-in student. */
export async function expectAdminOnly(api: TestApi, student: { device: Device }, endpoints: Endpoint[]) {
  for (const [method, path, json] of endpoints) {
    const options = json === undefined ? {} : { json };
    expect((await api.call(method, path, options)).status, `${method} ${path}`).toBe(401);
    const refused = await student.device.call(method, path, options);
    expect(refused.status, `${method} ${path}`).toBe(403);
    expect(refused.body).toEqual(failure(ADMINS_ONLY));
  }
}
