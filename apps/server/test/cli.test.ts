// The operator tool, run as a real child process against a fresh database, like `npm run admin -- ...`.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { isWellFormedCode, normalizeCode } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { connectDatabase, type DbHandle } from '../src/db/connect';
import { verifyPassword } from '../src/modules/auth/passwords';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const ROOT = join(import.meta.dirname, '../../..');
const CLI = 'apps/server/src/cli/index.ts';

type Run = { code: number; stdout: string; stderr: string };

let database: TestDatabase;
let env: NodeJS.ProcessEnv;
let handle: DbHandle;

function runCli(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const options = { cwd: ROOT, env: { ...env, ...extraEnv } };
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const cli = (...args: string[]) => runCli(args);

async function tenantId(slug: string): Promise<number> {
  const row = await handle.db
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertCourse(
  tenant: number,
  name = 'الفيزياء — الصف الثالث الثانوي',
): Promise<{ courseId: number; unitId: number }> {
  const now = new Date().toISOString();
  const course = await handle.db
    .insertInto('courses')
    .values({
      tenant_id: tenant,
      teacher_id: null,
      name,
      subject: 'physics',
      description: '',
      image_path: null,
      price_cents: 9900,
      term: 'First',
      grade: 'Secondary3',
      active: 1,
      open_to_all: 0,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unit = await handle.db
    .insertInto('units')
    .values({
      tenant_id: tenant,
      course_id: course.id,
      position: 1,
      name: 'الوحدة الأولى',
      title: '',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { courseId: course.id, unitId: unit.id };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  env = {
    ...base,
    ...database.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'cli-test-secret-that-is-48-characters-long-xxxxx',
  };
  expect(env.JWT_SECRET).toHaveLength(48);
  const migrated = await cli('migrate');
  expect(migrated).toMatchObject({ code: 0, stderr: '' });
  expect(migrated.stdout).toContain('0002-learning');
  // Checks see every tenant's rows (on PostgreSQL a superuser; the tool itself runs as the app's role).
  handle = connectDatabase(loadConfig({ ...env, ...database.fixtureEnv }).database);
});

afterAll(async () => {
  await handle?.close();
  await database.drop();
});

describe('help', () => {
  it('lists every command', async () => {
    const run = await cli('--help');
    expect(run.code).toBe(0);
    for (const name of [
      'migrate',
      'tenant create',
      'tenant quiz-grading',
      'admin create',
      'outbox',
      'sessions end',
      'demo',
      'codes',
      'unit-codes',
    ]) {
      expect(run.stdout).toContain(name);
    }
  });

  it('describes the options of a command', async () => {
    const run = await cli('codes', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Usage: .*codes --course ID --count N/);
    expect(run.stdout).toContain('--csv');
  });
});

describe('tenant create', () => {
  it('creates a tenant with its time zone and confirmation setting, and refuses a second one', async () => {
    const run = await cli(
      'tenant',
      'create',
      '--slug',
      'school2',
      '--name',
      'مدرسة النور',
      '--time-zone',
      'Asia/Muscat',
      '--require-email-confirmation',
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain("Created tenant 'school2'");
    const tenant = await handle.db
      .selectFrom('tenants')
      .selectAll()
      .where('slug', '=', 'school2')
      .executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({
      name: 'مدرسة النور',
      time_zone: 'Asia/Muscat',
      require_email_confirmation: 1,
    });

    const again = await cli('tenant', 'create', '--slug', 'school2', '--name', 'x');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("tenant 'school2' already exists");
  });

  it('uses the default time zone and refuses an unknown one', async () => {
    expect((await cli('tenant', 'create', '--slug', 'school3', '--name', 'School 3')).code).toBe(0);
    const tenant = await handle.db
      .selectFrom('tenants')
      .selectAll()
      .where('slug', '=', 'school3')
      .executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ time_zone: 'Africa/Cairo', require_email_confirmation: 0 });

    const bad = await cli(
      'tenant',
      'create',
      '--slug',
      'school4',
      '--name',
      'x',
      '--time-zone',
      'Mars/Olympus',
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("unknown time zone 'Mars/Olympus'");
    expect(
      await handle.db.selectFrom('tenants').select('id').where('slug', '=', 'school4').execute(),
    ).toEqual([]);
  });
});

describe('tenant quiz-grading', () => {
  const setting = async () =>
    (
      await handle.db
        .selectFrom('tenants')
        .select('client_graded_quizzes')
        .where('slug', '=', 'school3')
        .executeTakeFirstOrThrow()
    ).client_graded_quizzes;

  it('lets existing clients grade quizzes and back, each change audit-logged', async () => {
    expect(await setting()).toBe(0);
    const on = await cli('tenant', 'quiz-grading', '--tenant', 'school3', '--by', 'client');
    expect(on).toMatchObject({ code: 0, stderr: '' });
    expect(on.stdout).toContain("Existing clients now grade the quizzes of 'school3'");
    expect(await setting()).toBe(1);
    const off = await cli('tenant', 'quiz-grading', '--tenant', 'school3', '--by', 'server');
    expect(off).toMatchObject({ code: 0, stderr: '' });
    expect(off.stdout).toContain("The server now grades every quiz of 'school3'");
    expect(await setting()).toBe(0);
    const entries = await handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('tenant_id', '=', await tenantId('school3'))
      .where('action', '=', 'site.quiz-grading')
      .orderBy('id')
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actor_id: null, target_type: 'site' });
    expect(entries[0]!.summary).toBe(
      'تطبيقات الطلاب الحالية تصحّح الاختبارات: تُرسَل إليها الإجابات الصحيحة (من أداة التشغيل)',
    );
    expect(entries[1]!.summary).toBe('الخادم يصحّح كل الاختبارات (من أداة التشغيل)');
  });

  it('refuses an unknown grader and an unknown tenant', async () => {
    const bad = await cli('tenant', 'quiz-grading', '--tenant', 'school3', '--by', 'teacher');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--by must be client or server (got 'teacher')");
    const unknown = await cli('tenant', 'quiz-grading', '--tenant', 'nowhere', '--by', 'client');
    expect(unknown.code).toBe(1);
    expect(await setting()).toBe(0);
  });
});

describe('admin create', () => {
  it('creates a confirmed admin account that can log in with its password', async () => {
    const run = await cli(
      'admin',
      'create',
      '--tenant',
      'school2',
      '--email',
      ' Head@School.EG ',
      '--phone',
      '010 1234 5678',
      '--name',
      'أحمد علي',
      '--password',
      'secret1',
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const user = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', await tenantId('school2'))
      .where('email', '=', 'head@school.eg')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'admin', phone: '01012345678', name: 'أحمد علي' });
    expect(user.email_confirmed_at).not.toBeNull();
    expect(await verifyPassword(user.password_hash, 'secret1')).toBe(true);
  });

  it('refuses a taken email, a short password and an unknown tenant, creating nothing', async () => {
    const admin = (tenant: string, email: string, phone: string, password: string) =>
      cli(
        'admin',
        'create',
        '--tenant',
        tenant,
        '--email',
        email,
        '--phone',
        phone,
        '--name',
        'Other',
        '--password',
        password,
      );
    const [taken, short, unknown] = await Promise.all([
      admin('school2', 'head@school.eg', '01099999999', 'secret1'),
      admin('school2', 'b@school.eg', '01099999998', '12345'),
      admin('nowhere', 'c@school.eg', '01099999997', 'secret1'),
    ]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('Email is already registered');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 6 characters');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown tenant 'nowhere'");

    const users = await handle.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['b@school.eg', 'c@school.eg'])
      .execute();
    expect(users).toEqual([]);
  });
});

describe('codes and unit-codes', () => {
  it('prints N distinct well-formed enrolment codes as CSV and stores them for the course', async () => {
    const { courseId } = await insertCourse(await tenantId('school2'));
    const run = await cli(
      'codes',
      '--tenant',
      'school2',
      '--course',
      String(courseId),
      '--count',
      '25',
      '--label',
      'center-a',
      '--csv',
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('code,course_id');
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(25);
    expect(rows.every(([, id]) => id === String(courseId))).toBe(true);
    const codes = rows.map(([code]) => code!);
    expect(new Set(codes).size).toBe(25);
    expect(codes.every((code) => isWellFormedCode(code) && /^\w{5}-\w{5}$/.test(code))).toBe(true);
    const stored = await handle.db
      .selectFrom('enrollment_codes')
      .select(['code', 'batch_label', 'used_by'])
      .where('course_id', '=', courseId)
      .execute();
    expect(stored.map((row) => row.code).sort()).toEqual(codes.map(normalizeCode).sort());
    expect(stored.every((row) => row.batch_label === 'center-a' && row.used_by === null)).toBe(true);
    // One batch, as the admin screens list it: made by the operator, no account.
    const batches = await handle.db
      .selectFrom('code_batches')
      .select(['id', 'kind', 'label', 'count', 'unit_id', 'created_by'])
      .where('course_id', '=', courseId)
      .execute();
    expect(batches).toEqual([
      {
        id: expect.any(Number),
        kind: 'enrollment',
        label: 'center-a',
        count: 25,
        unit_id: null,
        created_by: null,
      },
    ]);
    const inBatch = await handle.db
      .selectFrom('enrollment_codes')
      .select('id')
      .where('batch_id', '=', batches[0]!.id)
      .execute();
    expect(inBatch).toHaveLength(25);
  });

  it('prints unit codes one per line and stores them for the unit', async () => {
    const { unitId } = await insertCourse(await tenantId('school2'));
    const run = await cli('unit-codes', '--tenant', 'school2', '--unit', String(unitId), '--count', '3');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const codes = run.stdout.trimEnd().split('\n');
    expect(codes).toHaveLength(3);
    expect(codes.every(isWellFormedCode)).toBe(true);
    const stored = await handle.db
      .selectFrom('unit_codes')
      .select('code')
      .where('unit_id', '=', unitId)
      .execute();
    expect(stored.map((row) => row.code).sort()).toEqual(codes.map(normalizeCode).sort());
    const batch = await handle.db
      .selectFrom('code_batches')
      .select(['kind', 'unit_id', 'count', 'label'])
      .where('unit_id', '=', unitId)
      .executeTakeFirstOrThrow();
    expect(batch).toEqual({
      kind: 'unit',
      unit_id: unitId,
      count: 3,
      label: expect.stringMatching(/^operator \d{4}-\d{2}-\d{2}$/),
    });
  });

  it('refuses a course or unit of another tenant, and issues nothing', async () => {
    const { courseId, unitId } = await insertCourse(await tenantId('school3'));
    const [course, unit] = await Promise.all([
      cli('codes', '--tenant', 'school2', '--course', String(courseId), '--count', '2'),
      cli('unit-codes', '--tenant', 'school2', '--unit', String(unitId), '--count', '2', '--csv'),
    ]);
    expect(course.code).toBe(1);
    expect(course.stderr).toContain(`no course with id ${courseId} in tenant 'school2'`);
    expect(unit.code).toBe(1);
    expect(unit.stderr).toContain(`no unit with id ${unitId} in tenant 'school2'`);
    expect(
      await handle.db.selectFrom('enrollment_codes').select('id').where('course_id', '=', courseId).execute(),
    ).toEqual([]);
    expect(
      await handle.db.selectFrom('unit_codes').select('id').where('unit_id', '=', unitId).execute(),
    ).toEqual([]);
  });
});

describe('outbox', () => {
  it('prints the newest mails of a tenant, newest first, up to the limit', async () => {
    const school2 = await tenantId('school2');
    const school3 = await tenantId('school3');
    const mail = (tenant: number, to: string, subject: string, at: string) => ({
      tenant_id: tenant,
      to_address: to,
      subject,
      body_text: `رمز التحقق لـ ${to}: 123456`,
      status: 'logged' as const,
      error: null,
      created_at: at,
      sent_at: null,
    });
    await handle.db
      .insertInto('outbox')
      .values([
        mail(school2, 'old@school.eg', 'Old mail', '2026-01-01T08:00:00.000Z'),
        mail(school2, 'new@school.eg', 'إعادة تعيين كلمة المرور', '2026-01-02T08:00:00.000Z'),
        mail(school3, 'other@school.eg', 'Other tenant', '2026-01-03T08:00:00.000Z'),
      ])
      .execute();

    const newest = await cli('outbox', '--tenant', 'school2', '--limit', '1');
    expect(newest).toMatchObject({ code: 0, stderr: '' });
    expect(newest.stdout).toContain('new@school.eg');
    expect(newest.stdout).toContain('إعادة تعيين كلمة المرور');
    expect(newest.stdout).toContain('رمز التحقق لـ new@school.eg: 123456');
    expect(newest.stdout).toContain('2026-01-02T08:00:00.000Z');
    expect(newest.stdout).toContain('logged');
    expect(newest.stdout).not.toContain('old@school.eg');
    expect(newest.stdout).not.toContain('other@school.eg');

    const all = await cli('outbox');
    expect(all.code).toBe(0);
    const order = ['other@school.eg', 'new@school.eg', 'old@school.eg'].map((to) => all.stdout.indexOf(to));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('sessions end', () => {
  it("ends every device session of the account and no one else's", async () => {
    const school2 = await tenantId('school2');
    const admin = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'head@school.eg')
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const other = await handle.db
      .insertInto('users')
      .values({
        tenant_id: school2,
        name: 'Second',
        email: 'second@school.eg',
        phone: '01055555555',
        parent_phone: '',
        academic_year: 'Secondary3',
        is_online: 1,
        role: 'student',
        password_hash: 'not-used',
        email_confirmed_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const later = new Date(now.getTime() + 86_400_000).toISOString();
    const session = (userId: number, slot: number) => ({
      id: randomUUID(),
      tenant_id: school2,
      user_id: userId,
      device_id: `device-${slot}`,
      slot,
      refresh_hash: randomUUID(),
      previous_refresh_hash: null,
      created_at: now.toISOString(),
      refreshed_at: now.toISOString(),
      expires_at: later,
    });
    await handle.db
      .insertInto('device_sessions')
      .values([session(admin.id, 1), session(admin.id, 2), session(other.id, 1)])
      .execute();

    const run = await cli('sessions', 'end', '--tenant', 'school2', '--email', 'HEAD@school.eg');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Ended 2 device sessions of head@school.eg');
    const left = await handle.db.selectFrom('device_sessions').select('user_id').execute();
    expect(left).toEqual([{ user_id: other.id }]);

    const unknown = await cli('sessions', 'end', '--tenant', 'school2', '--email', 'nobody@school.eg');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no account with email 'nobody@school.eg'");
  });
});

describe('demo', () => {
  it('creates the default tenant, loads the demo into it and prints the accounts and codes', async () => {
    const run = await cli('demo');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('student@demo.local');
    expect(run.stdout).toContain('demo1234');
    const printed = run.stdout.match(/\b[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}\b/g) ?? [];
    expect(new Set(printed).size).toBe(20);
    const unused = await handle.db
      .selectFrom('enrollment_codes')
      .select('code')
      .where('tenant_id', '=', await tenantId('tenant8'))
      .where('batch_label', '=', 'demo')
      .where('used_by', 'is', null)
      .execute();
    expect(unused).toHaveLength(10);
    for (const { code } of unused) expect(printed.map(normalizeCode)).toContain(code);
  });
});

describe('bad input', () => {
  it('exits 1 with a message on stderr, no output and no stack trace', async () => {
    const cases: [string[], string][] = [
      [['tenant', 'create', '--slug', 'x', '--name', 'y', '--bogus'], "Unknown option '--bogus'"],
      [['tenant', 'create', '--name', 'y'], 'missing --slug'],
      [['tenant', 'create', '--slug', 'bad slug!', '--name', 'y'], '--slug may contain'],
      [['tenant', 'create', '--slug', 'x', '--name', '\u202eمدرسة'], '--name must not contain invisible'],
      [['codes', '--course', '1', '--count', 'ten'], '--count must be a whole number from 1 to 5000'],
      [['codes', '--course', '1', '--count', '5001'], '--count must be a whole number from 1 to 5000'],
      [['outbox', '--limit'], "Option '--limit <value>' argument missing"],
      [['sessions', 'end', '--tenant', 'school2', 'extra'], "Unexpected argument 'extra'"],
      [['teleport'], "unknown command 'teleport'"],
      [['tenant'], "'tenant' needs a subcommand: tenant create"],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(...args)));
    for (const [index, run] of runs.entries()) {
      const [args, message] = cases[index]!;
      const label = args.join(' ');
      expect(run.code, label).toBe(1);
      expect(run.stdout, label).toBe('');
      expect(run.stderr, label).toContain(`error: ${message}`);
      expect(run.stderr, label).not.toMatch(/^\s+at /m);
    }
  });

  it('reports a bad configuration the same way', async () => {
    const run = await runCli(['migrate'], { JWT_SECRET: 'too-short' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('JWT_SECRET must be at least 32 characters');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
