// What the bench measures: a seed step that prepares data, and the list of route scenarios built from
// what it returns. Each scenario is compared with the bare route.
//
// Two kinds of seed: a student registered over HTTP like any client would (the profile route), and
// the large catalogue the learning routes read (200 courses × 10 units × 8 lessons, 10,000 students,
// their enrolments and progress), written straight into the database by the server child
// (bench/catalogue.ts) because over the API it would take hours. The bench then logs in over HTTP as
// one of those enrolled students.
//
// Adding a route: give `seed` what the route needs, then append a scenario in `buildScenarios` with
// its own budget. Scenarios run in list order, one at a time.
import { randomBytes, randomInt } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '../apps/server/src/modules/auth/tokens';
import type { CatalogueSeed } from './catalogue';
import { waitUntilServing } from './children';
import type { DbKind } from './database';
import type { Method } from './measure';

export type Scenario = {
  name: string;
  method: Method;
  path: string;
  /** Headers other than the student's credentials, which `auth` adds when the request is sent. */
  headers: Record<string, string>;
  body?: string;
  /** The student whose token, current at the time, authenticates the requests. */
  auth?: Student;
  /** Checks the one answer taken before the load: a message when it is not what the route should give. */
  expect?: (data: unknown) => string | null;
  /** A page, not JSON: the one answer before the load must contain this text. */
  expectHtml?: string;
  /** Minimum requests/s as a fraction of the bare route's. */
  budgetRatio?: number;
  /** Maximum p99 latency in milliseconds. */
  p99BudgetMs?: number;
  /**
   * Also measure the bare route sending this route's own answer, taken from one request: the
   * throughput its bytes alone allow (their length, encoding and write), reported beside the route.
   */
  sameBytes?: boolean;
};

export type CatalogueSeedReply = CatalogueSeed & { hashMs: number; totalMs: number };

export type SeedContext = {
  baseUrl: string;
  db: DbKind;
  /** Asks the server child to write the large catalogue into its database (bench/catalogue.ts). */
  seedCatalogue: (request: { tenantSlug: string; password: string }) => Promise<CatalogueSeedReply>;
};

export const TENANT = 'tenant8';
export const DEVICE_ID = 'bench-device-0001';
export const CATALOGUE_DEVICE_ID = 'bench-device-0002';

/** A logged-in student; `token` and `issuedAt` change when the token is renewed. */
export type Student = {
  email: string;
  password: string;
  deviceId: string;
  token: string;
  /** Date.now() when the token was issued. */
  issuedAt: number;
};

export type SeededCatalogue = Omit<CatalogueSeedReply, 'student'> & { student: Student };

export type Seeded = {
  student: Student;
  /** Null when no selected scenario reads it (--only): seeding it takes a while. */
  catalogue: SeededCatalogue | null;
};

/** The names of the scenarios that need the catalogue, so that --only can skip seeding it. */
export const CATALOGUE_SCENARIOS = [
  'GET /api/AdminStudent/CourseActive (page of 10)',
  'GET /api/Course/tree-course-with-progress',
  'GET /api/Student/contentlesson (Video)',
  'GET /api/Student/contentlesson (Quiz)',
  'GET /courses/{id} (page rendered by the server)',
] as const;

export async function seed(ctx: SeedContext, options: { catalogue: boolean }): Promise<Seeded> {
  const student = await seedStudent(ctx);
  const catalogue = options.catalogue ? await seedLargeCatalogue(ctx) : null;
  return { student, catalogue };
}

/** Budgets are set for SQLite, the default deployment; other databases are reported without a verdict. */
export function buildScenarios(seeded: Seeded, ctx: Pick<SeedContext, 'db'>): Scenario[] {
  const onSqlite = (value: number) => (ctx.db === 'sqlite' ? value : undefined);
  const tenant = { 'X-Tenant-ID': TENANT };
  const scenarios: Scenario[] = [
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
      headers: tenant,
      auth: seeded.student,
      budgetRatio: onSqlite(0.4),
    },
  ];
  const catalogue = seeded.catalogue;
  if (!catalogue) return scenarios;
  const [courseActive, tree, video, quiz, coursePage] = CATALOGUE_SCENARIOS;
  const p99 = onSqlite(50);
  scenarios.push(
    {
      name: courseActive,
      method: 'GET',
      path: `/api/AdminStudent/CourseActive?grade=${catalogue.grade}&pagenumber=1&pagesize=10`,
      headers: tenant,
      expect: (data) => {
        const page = data as { courses?: unknown[]; totalCount?: number };
        return page.courses?.length === 10 && page.totalCount === catalogue.activeInGrade
          ? null
          : `expected 10 courses of ${catalogue.activeInGrade}, got ${page.courses?.length} of ${page.totalCount}`;
      },
      budgetRatio: onSqlite(0.5),
      p99BudgetMs: p99,
    },
    {
      name: tree,
      method: 'GET',
      path: `/api/Course/tree-course-with-progress?courseid=${catalogue.courseId}`,
      headers: tenant,
      auth: catalogue.student,
      expect: (data) => {
        const units = (data as { units?: { lessons: { isCompleted: boolean }[] }[] }).units ?? [];
        const lessons = units.flatMap((unit) => unit.lessons);
        return units.length === 10 && lessons.length === 80 && lessons.some((lesson) => lesson.isCompleted)
          ? null
          : `expected 10 units, 80 lessons and some progress, got ${units.length} units, ${lessons.length} lessons`;
      },
      budgetRatio: onSqlite(0.3),
      p99BudgetMs: p99,
      sameBytes: true,
    },
    {
      name: video,
      method: 'GET',
      path: `/api/Student/contentlesson/${catalogue.videoLessonId}`,
      headers: tenant,
      auth: catalogue.student,
      expect: (data) => ((data as { type?: unknown }).type === 'Video' ? null : 'expected a Video lesson'),
      budgetRatio: onSqlite(0.3),
      p99BudgetMs: p99,
      sameBytes: true,
    },
    {
      name: quiz,
      method: 'GET',
      path: `/api/Student/contentlesson/${catalogue.quizLessonId}`,
      headers: tenant,
      auth: catalogue.student,
      expect: (data) => {
        const content = data as { type?: unknown; questions?: unknown[]; result?: unknown };
        return content.type === 'Quiz' && content.questions?.length === 5 && content.result
          ? null
          : 'expected a submitted Quiz lesson with 5 questions';
      },
      budgetRatio: onSqlite(0.3),
      p99BudgetMs: p99,
      sameBytes: true,
    },
    {
      // The whole course page as a visitor's phone gets it (apps/server/src/plugins/server-pages.ts):
      // its two reads through the API in-process, React's render of 10 units, gzip. Needs the web
      // build (npm run build); without it the check below stops the route being measured.
      name: coursePage,
      method: 'GET',
      path: `/courses/${catalogue.courseId}`,
      headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' },
      expectHtml: 'id="query-seeds"',
      p99BudgetMs: onSqlite(250),
    },
  );
  return scenarios;
}

/** The headers a request of this scenario carries now: the student's current token included. */
export function headersOf(scenario: Scenario): Record<string, string> {
  const student = scenario.auth;
  if (!student) return scenario.headers;
  return { ...scenario.headers, Authorization: `Bearer ${student.token}`, DeviceId: student.deviceId };
}

/**
 * Logs the scenario's student in again when its access token would expire within `seconds` (the next
 * warm-up and measured window, plus a margin): a late route would otherwise measure 401s.
 */
export async function keepTokenFresh(
  ctx: SeedContext,
  scenario: Scenario,
  seconds: number,
): Promise<boolean> {
  const student = scenario.auth;
  if (!student) return false;
  const ageSeconds = (Date.now() - student.issuedAt) / 1000;
  if (ageSeconds + seconds + 30 < ACCESS_TOKEN_SECONDS) return false;
  // The same device replaces its own session: the old token stops working, which is fine between routes.
  const fresh = await login(ctx, student);
  student.token = fresh.token;
  student.issuedAt = fresh.issuedAt;
  return true;
}

/**
 * One request before the load: a scenario that does not answer 2xx, or answers something other than
 * what it is meant to measure, would benchmark an error page. Returns the problem, or null.
 */
export async function checkScenario(baseUrl: string, scenario: Scenario): Promise<string | null> {
  const response = await fetch(`${baseUrl}${scenario.path}`, {
    method: scenario.method,
    headers: headersOf(scenario),
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
  });
  const text = await response.text();
  // Without the web build the server has no pages, and its catch-all answers a page's address 404.
  const unbuilt = scenario.expectHtml === undefined ? '' : ' (is the web app built? npm run build)';
  if (!response.ok) return `answered ${response.status} before the load${unbuilt}: ${text.slice(0, 200)}`;
  if (scenario.expectHtml !== undefined)
    return text.includes(scenario.expectHtml) ? null : `the page lacks ${scenario.expectHtml}${unbuilt}`;
  if (!scenario.expect) return null;
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown }).data;
  } catch {
    return `answered non-JSON before the load: ${text.slice(0, 200)}`;
  }
  const problem = scenario.expect(data ?? {});
  return problem === null ? null : `unexpected answer before the load: ${problem}`;
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
    PhoneNumber: `012${String(randomInt(0, 99_999_999)).padStart(8, '0')}`,
    ParentPhone: '01111111111',
    AcademicYear: 'Secondary3',
    IsOnline: 'true',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  await postJson(ctx, '/api/Auth/register', { body: form, headers: { 'X-Tenant-ID': TENANT } });
  return {
    email,
    password,
    deviceId: DEVICE_ID,
    ...(await login(ctx, { email, password, deviceId: DEVICE_ID })),
  };
}

/** The catalogue, written by the server child; then a login as its enrolled bench student. */
async function seedLargeCatalogue(ctx: SeedContext): Promise<SeededCatalogue> {
  const password = `bench-${randomBytes(6).toString('hex')}`;
  const reply = await ctx.seedCatalogue({ tenantSlug: TENANT, password });
  // Writing it held the server's event loop: load shedding answers 503 for a few seconds after.
  await waitUntilServing(ctx.baseUrl, TENANT);
  const account = { email: reply.student.email, password, deviceId: CATALOGUE_DEVICE_ID };
  return { ...reply, student: { ...account, ...(await login(ctx, account)) } };
}

async function login(
  ctx: SeedContext,
  account: { email: string; password: string; deviceId: string },
): Promise<{ token: string; issuedAt: number }> {
  const issuedAt = Date.now();
  const answer = await postJson(ctx, '/api/Auth/login', {
    body: JSON.stringify({ EmailorMobile: account.email, password: account.password }),
    headers: { 'X-Tenant-ID': TENANT, DeviceId: account.deviceId, 'Content-Type': 'application/json' },
  });
  const token = (answer as { data?: { token?: unknown } }).data?.token;
  if (typeof token !== 'string') throw new Error('login answered without data.token');
  return { token, issuedAt };
}

async function postJson(
  ctx: Pick<SeedContext, 'baseUrl'>,
  path: string,
  init: { body: FormData | string; headers: Record<string, string> },
): Promise<unknown> {
  const response = await fetch(`${ctx.baseUrl}${path}`, { method: 'POST', ...init });
  const text = await response.text();
  if (!response.ok) throw new Error(`seed: POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}
