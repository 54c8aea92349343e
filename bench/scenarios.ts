// What the bench measures: a seed step that prepares data over HTTP, like any client would, and the
// list of route scenarios built from what it returns. Each scenario is compared with the bare route.
//
// Adding a route (CourseActive, the course tree, lesson content, ...): give `seed` what the route
// needs (a new `seedX(ctx)` next to `seedStudent`, its result added to `Seeded`), then append a
// scenario in `buildScenarios` with its own budget. Scenarios run in list order, one at a time.
import { randomBytes, randomInt } from 'node:crypto';
import type { DbKind } from './database';
import type { Method } from './measure';

export type Scenario = {
  name: string;
  method: Method;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Minimum requests/s as a fraction of the bare route's. */
  budgetRatio?: number;
  /** Maximum p99 latency in milliseconds. */
  p99BudgetMs?: number;
};

export type SeedContext = { baseUrl: string; db: DbKind };

export const TENANT = 'tenant8';
export const DEVICE_ID = 'bench-device-0001';

export type Student = { email: string; token: string };

export type Seeded = {
  student: Student;
  // Later issues: course: SeededCourse; lesson: SeededLesson; ...
};

export async function seed(ctx: SeedContext): Promise<Seeded> {
  const student = await seedStudent(ctx);
  // Later issues seed here what their routes read (a course the student is enrolled in, its units and
  // lessons), through the same HTTP API or the admin CLI, and return it in `Seeded`.
  return { student };
}

/** Budgets are set for SQLite, the default deployment; other databases are reported without a verdict. */
export function buildScenarios(seeded: Seeded, ctx: SeedContext): Scenario[] {
  const onSqlite = (ratio: number) => (ctx.db === 'sqlite' ? ratio : undefined);
  const tenant = { 'X-Tenant-ID': TENANT };
  const student = {
    ...tenant,
    Authorization: `Bearer ${seeded.student.token}`,
    DeviceId: DEVICE_ID,
  };
  return [
    { name: 'GET /api/health', method: 'GET', path: '/api/health', headers: {} },
    {
      name: 'GET /api/Contact/getAll',
      method: 'GET',
      path: '/api/Contact/getAll',
      headers: tenant,
      budgetRatio: onSqlite(0.6),
    },
    {
      name: 'GET /api/Student/profile',
      method: 'GET',
      path: '/api/Student/profile',
      headers: student,
      budgetRatio: onSqlite(0.4),
    },
    // Later issues: CourseActive, the course tree and lesson content, each with its budget.
  ];
}

/** One request before the load: a scenario that does not answer 2xx would benchmark an error page. */
export async function checkScenario(baseUrl: string, scenario: Scenario): Promise<void> {
  const response = await fetch(`${baseUrl}${scenario.path}`, {
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${scenario.name} answered ${response.status} before the load: ${text.slice(0, 300)}`);
}

/** Registers one student (multipart, as the web form does) and logs in on the bench's device. */
async function seedStudent(ctx: SeedContext): Promise<Student> {
  const password = `bench-${randomBytes(6).toString('hex')}`;
  const email = `bench-${randomBytes(5).toString('hex')}@example.com`;
  const form = new FormData();
  const fields: Record<string, string> = {
    UserName: 'طالب القياس',
    Password: password,
    ConfirmPassword: password,
    Email: email,
    PhoneNumber: `010${String(randomInt(0, 99_999_999)).padStart(8, '0')}`,
    ParentPhone: '01111111111',
    AcademicYear: 'Secondary3',
    IsOnline: 'true',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  await postJson(ctx, '/api/Auth/register', { body: form, headers: { 'X-Tenant-ID': TENANT } });

  const login = await postJson(ctx, '/api/Auth/login', {
    body: JSON.stringify({ EmailorMobile: email, password }),
    headers: { 'X-Tenant-ID': TENANT, DeviceId: DEVICE_ID, 'Content-Type': 'application/json' },
  });
  const token = (login as { data?: { token?: unknown } }).data?.token;
  if (typeof token !== 'string') throw new Error('login answered without data.token');
  return { email, token };
}

async function postJson(
  ctx: SeedContext,
  path: string,
  init: { body: FormData | string; headers: Record<string, string> },
): Promise<unknown> {
  const response = await fetch(`${ctx.baseUrl}${path}`, { method: 'POST', ...init });
  const text = await response.text();
  if (!response.ok) throw new Error(`seed: POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}
