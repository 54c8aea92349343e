// Two API processes (real `node … main.ts` children on their own ports) on one fresh PostgreSQL
// database and one Redis (a key prefix of this run's own), started together with a third process that
// migrates: what must hold across processes does. Device limits and code redemption hold in the
// database, the login rate limit counts in Redis, an admin's edit on one process reaches the other's
// caches at once, and nginx with deploy/nginx.conf spreads requests over both and passes on the
// client's address and https.
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { hashPassword } from '../../src/modules/auth/passwords';
import { issueCodes } from '../../src/modules/codes/code-issuer';
import { buildCourse } from '../support/catalogue-fixture';
import { createCaller, Device, PASSWORD, TENANT, type Call } from '../support/test-api';
import { startNginx } from '../../../../test-support/nginx';
import { describeWith, itWith, processEnvironment, type ProcessEnvironment } from './support/environment';
import { runCli, startServer, type LogLine, type ServerProcess } from './support/processes';

const DEVICE_LIMIT = "You can't log in from more than two devices.";
const CODE_USED = 'Code already used.';
const TOO_MANY = 'Too many attempts. Please try again later.';

describeWith(['postgres', 'redis'], 'two API processes on one PostgreSQL and one Redis', () => {
  let environment: ProcessEnvironment;
  let a: ServerProcess;
  let b: ServerProcess;
  let migrateRun: { code: number | null; stdout: string; stderr: string };
  let db: Db;
  let tenantId: number;
  let passwordHash: string;
  /** Calls to A and to B, alternately by index. */
  let callers: [Call, Call];
  const on = (index: number) => callers[index % 2]!;

  beforeAll(async () => {
    environment = await processEnvironment('postgres', {
      redis: true,
      // Long cache lifetimes: only an invalidation can make a change show at once.
      env: { CATALOGUE_CACHE_MS: '60000', SESSION_CACHE_MS: '60000', TRUST_PROXY: '127.0.0.1' },
    });
    // Three processes start on the empty database at the same moment; each migrates.
    [a, b, migrateRun] = await Promise.all([
      startServer('A', environment.env),
      startServer('B', environment.env),
      runCli(['migrate'], environment.env),
    ]);
    callers = [createCaller(a.url), createCaller(b.url)];
    db = environment.fixtures().db;
    tenantId = (
      await db.selectFrom('tenants').select('id').where('slug', '=', TENANT).executeTakeFirstOrThrow()
    ).id;
    passwordHash = await hashPassword(PASSWORD);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await environment?.close();
  });

  /** Accounts written straight into the database, all with the password PASSWORD. */
  async function accounts(count: number, role: 'student' | 'admin' = 'student') {
    const stamp = new Date().toISOString();
    return db
      .insertInto('users')
      .values(
        Array.from({ length: count }, () => {
          const tag = randomBytes(5).toString('hex');
          return {
            tenant_id: tenantId,
            name: 'طالب',
            email: `mi-${tag}@example.com`,
            phone: `0109${String(parseInt(tag, 16) % 10_000_000).padStart(7, '0')}`,
            parent_phone: '01111111111',
            academic_year: 'Secondary3',
            is_online: 1,
            role,
            password_hash: passwordHash,
            email_confirmed_at: stamp,
            created_at: stamp,
            updated_at: stamp,
          };
        }),
      )
      .returning(['id', 'email'])
      .execute();
  }

  it('migrates once when three processes start on an empty database together', async () => {
    expect(migrateRun.code).toBe(0);
    const rows = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const names = rows.map((row) => (row as { name: string }).name);
    expect(names).toContain('0004-row-level-security');
    expect(new Set(names).size).toBe(names.length);
    for (const server of [a, b]) {
      const health = await createCaller(server.url)('GET', '/api/health', { tenant: null });
      expect(health.body).toEqual({ status: 'ok', db: 'ok' });
    }
  });

  it('leaves exactly two sessions after ten parallel logins of one account over both processes', async () => {
    const [user] = await accounts(1);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => new Device(on(i), `mi-device-${i}`).login(user!.email)),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403, 403, 403, 403, 403]);
    for (const reply of replies.filter((r) => r.status === 403))
      expect(reply.body.message).toBe(DEVICE_LIMIT);
    const sessions = await db
      .selectFrom('device_sessions')
      .select('id')
      .where('user_id', '=', user!.id)
      .execute();
    expect(sessions).toHaveLength(2);
  });

  it('gives one code to exactly one of twenty students redeeming it at once on both processes', async () => {
    const course = await buildCourse(db, { tenantId, units: [[{ type: 'Video' }]] });
    const [code] = await issueCodes(db, {
      tenantId,
      target: { table: 'enrollment_codes', courseId: course.courseId },
      count: 1,
      now: new Date(),
    });
    const students = await Promise.all(
      (await accounts(20)).map(async (user, i) => {
        const device = new Device(on(i), `mi-redeemer-${user.id}`);
        expect((await device.login(user.email)).status).toBe(200);
        return { user, device };
      }),
    );
    const replies = await Promise.all(
      students.map(({ user, device }) =>
        device.call('POST', `/api/Student/add-course-by-code?StudentId=${user.id}&Code=${code}`),
      ),
    );
    const winners = replies.flatMap((reply, i) => (reply.status === 200 ? [students[i]!.user.id] : []));
    expect(winners).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect({ status: reply.status, message: reply.body.message }).toEqual({
        status: 409,
        message: CODE_USED,
      });
    }
    const stored = await db
      .selectFrom('enrollment_codes')
      .select('used_by')
      .where('code', '=', code!)
      .executeTakeFirstOrThrow();
    expect(stored.used_by).toBe(winners[0]);
    const enrolments = await db
      .selectFrom('enrollments')
      .select('user_id')
      .where('course_id', '=', course.courseId)
      .execute();
    expect(enrolments).toEqual([{ user_id: winners[0] }]);
  });

  /** How many replies had each status. */
  const statusCounts = (replies: Array<{ status: number }>) =>
    replies.reduce<Record<number, number>>(
      (counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }),
      {},
    );

  it('judges at most 10 of 60 wrong passwords sent together to both processes from one address', async () => {
    const [user] = await accounts(1);
    const headers = { 'x-forwarded-for': '203.0.113.60' };
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        on(i)('POST', '/api/Auth/login', {
          deviceId: `mi-guess-${i}`,
          headers,
          json: { EmailorMobile: user!.email, password: 'wrong-password' },
        }),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 400: 10, 429: 50 });
    for (const reply of replies.filter((r) => r.status === 429)) expect(reply.body.message).toBe(TOO_MANY);
  });

  it('judges at most 10 of 300 wrong codes one student sends together to both processes', async () => {
    const [user] = await accounts(1);
    const devices = [0, 1].map((i) => new Device(on(i), `mi-coder-${user!.id}`));
    expect((await devices[0]!.login(user!.email)).status).toBe(200);
    devices[1]!.token = devices[0]!.token;
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        devices[i % 2]!.call('POST', `/api/UnitCode/EnterCode?code=WRONG-${String(i).padStart(5, '0')}`, {
          headers: { 'x-forwarded-for': `203.0.113.${(i % 200) + 1}` },
        }),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 404: 10, 429: 290 });
  });

  it("shows an admin's edit made on one process on the other at once", async () => {
    const course = await buildCourse(db, { tenantId, units: [[{ type: 'Video' }]] });
    const [admin] = await accounts(1, 'admin');
    const adminDevice = new Device(callers[0], 'mi-admin');
    expect((await adminDevice.login(admin!.email)).status).toBe(200);

    const unitNameOnB = async () =>
      (await callers[1]('GET', `/api/Course/tree?courseid=${course.courseId}`)).body.data.units[0].unitName;
    const whatsAppOnB = async () =>
      (await callers[1]('GET', '/api/Contact/getAll')).body.data[0].whatsApp_Number;
    const before = { unit: await unitNameOnB(), whatsApp: await whatsAppOnB() };
    expect(before.unit).toBe('الوحدة 1');

    const renamed = await adminDevice.call('PUT', `/api/Admin/Units/${course.unitIds[0]}`, {
      json: { name: 'الوحدة المعدلة', title: '' },
    });
    expect(renamed.status).toBe(200);
    const site = await adminDevice.call('PUT', '/api/Admin/Site', {
      json: { name: 'منصة التعلم', whatsappNumber: '+201000000777' },
    });
    expect(site.status).toBe(200);
    // The caches live 60 s (course) and 10 s (tenant); the invalidations arrive within milliseconds.
    expect(await eventually(unitNameOnB, 'الوحدة المعدلة')).toBeLessThan(2000);
    expect(await eventually(whatsAppOnB, '+201000000777')).toBeLessThan(2000);
  });

  it('ends a session on the other process at once: logout on A is a 401 on B', async () => {
    const [user] = await accounts(1);
    const onA = new Device(callers[0], `mi-logout-${user!.id}`);
    expect((await onA.login(user!.email)).status).toBe(200);
    const onB = new Device(callers[1], onA.deviceId);
    onB.token = onA.token;
    expect((await onB.call('GET', '/api/Student/profile')).status).toBe(200);
    // B keeps the session in memory: with its row gone behind the API's back it still answers…
    await db.deleteFrom('device_sessions').where('user_id', '=', user!.id).execute();
    expect((await onB.call('GET', '/api/Student/profile')).status).toBe(200);
    // …until a logout on A tells it, before A answers.
    expect((await onA.call('POST', '/api/Auth/logout')).status).toBe(200);
    expect((await onB.call('GET', '/api/Student/profile')).status).toBe(401);
  });

  it("ends a student's sessions on the other process at once when an admin ends them on A", async () => {
    const [[student], [admin]] = await Promise.all([accounts(1), accounts(1, 'admin')]);
    const adminDevice = new Device(callers[0], `mi-admin-${admin!.id}`);
    expect((await adminDevice.login(admin!.email)).status).toBe(200);
    const onB = new Device(callers[1], `mi-student-${student!.id}`);
    expect((await onB.login(student!.email)).status).toBe(200);
    expect((await onB.call('GET', '/api/Student/profile')).status).toBe(200);
    const ended = await adminDevice.call('DELETE', `/api/Admin/Students/${student!.id}/Sessions`);
    expect(ended.status).toBe(200);
    expect((await onB.call('GET', '/api/Student/profile')).status).toBe(401);
  });

  it("ends a session on both processes at once when the operator tool's sessions end does", async () => {
    const [user] = await accounts(1);
    const onA = new Device(callers[0], `mi-cli-${user!.id}`);
    expect((await onA.login(user!.email)).status).toBe(200);
    const onB = new Device(callers[1], onA.deviceId);
    onB.token = onA.token;
    for (const device of [onA, onB])
      expect((await device.call('GET', '/api/Student/profile')).status).toBe(200);
    const run = await runCli(
      ['sessions', 'end', '--tenant', TENANT, '--email', user!.email],
      environment.env,
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    for (const device of [onA, onB])
      expect((await device.call('GET', '/api/Student/profile')).status).toBe(401);
  });

  itWith(
    ['nginx'],
    'runs behind nginx with deploy/nginx.conf: https, spread over both, the client address passed on, JSON gzipped but not sign-in answers',
    async () => {
      const nginx = await startNginx([a.port, b.port]);
      try {
        const plain = await fetch(`http://127.0.0.1:${nginx.httpPort}/api/health`, { redirect: 'manual' });
        expect(plain.status).toBe(301);
        expect(plain.headers.get('location')).toMatch(/^https:\/\//);

        const marker = randomBytes(4).toString('hex');
        const probes = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            httpsCall(nginx.proxyPort, 'GET', `/api/health?probe=${marker}-${i}`, {
              'x-forwarded-for': '203.0.113.7',
            }),
          ),
        );
        expect(probes.map((p) => p.status)).toEqual(probes.map(() => 200));
        const seen = (server: ServerProcess) =>
          server.logs.filter((line) => requestOf(line)?.url?.includes(marker));
        await eventually(async () => seen(a).length + seen(b).length, 20);
        expect(seen(a).length).toBeGreaterThan(0);
        expect(seen(b).length).toBeGreaterThan(0);
        // The address the client made up was replaced by the one nginx saw.
        for (const line of [...seen(a), ...seen(b)]) expect(requestOf(line)?.remoteAddress).toBe('127.0.0.1');

        const [user] = await accounts(1);
        const login = await httpsCall(
          nginx.proxyPort,
          'POST',
          '/api/Auth/login',
          { 'content-type': 'application/json', 'x-tenant-id': TENANT, deviceid: 'mi-nginx' },
          JSON.stringify({ EmailorMobile: user!.email, password: PASSWORD }),
        );
        expect(login.status).toBe(200);
        const cookie = login.setCookies.find((c) => c.startsWith('refresh_token='));
        expect(cookie).toMatch(/;\s*Secure/i);
        // Straight to a process over plain http, the same cookie comes without Secure.
        const direct = await new Device(callers[0], 'mi-direct').login(user!.email);
        expect(direct.setCookies.find((c) => c.startsWith('refresh_token='))).not.toMatch(/Secure/i);

        // JSON goes gzipped to a client that accepts it (phones on mobile networks), and as it is to
        // one that does not.
        const course = await buildCourse(db, {
          tenantId,
          units: Array.from({ length: 12 }, () => [{ type: 'Video' as const }, { type: 'Video' as const }]),
        });
        const tree = `/api/Course/tree?courseid=${course.courseId}`;
        const plainTree = await on(0)('GET', tree);
        expect(plainTree.status).toBe(200);
        const plainBytes = Buffer.byteLength(JSON.stringify(plainTree.body));
        expect(plainBytes).toBeGreaterThan(1024);
        const zipped = await httpsCall(nginx.proxyPort, 'GET', tree, {
          'x-tenant-id': TENANT,
          'accept-encoding': 'gzip',
        });
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toMatch(/accept-encoding/i);
        expect(JSON.parse(gunzipSync(zipped.raw).toString('utf8'))).toEqual(plainTree.body);
        expect(zipped.raw.length).toBeLessThan(plainBytes / 2);
        const unzipped = await httpsCall(nginx.proxyPort, 'GET', tree, { 'x-tenant-id': TENANT });
        expect(unzipped.headers['content-encoding']).toBeUndefined();
        expect(JSON.parse(unzipped.text)).toEqual(plainTree.body);

        // Never a sign-in answer, even one over the size that would be (a long name makes it so):
        // its tokens beside text a client chose would leak through the compressed length (BREACH).
        await db
          .updateTable('users')
          .set({ name: 'طالبة'.repeat(20) })
          .where('id', '=', user!.id)
          .execute();
        const longLogin = await httpsCall(
          nginx.proxyPort,
          'POST',
          '/api/Auth/login',
          {
            'content-type': 'application/json',
            'x-tenant-id': TENANT,
            deviceid: 'mi-nginx',
            'accept-encoding': 'gzip',
          },
          JSON.stringify({ EmailorMobile: user!.email, password: PASSWORD }),
        );
        expect(longLogin.status).toBe(200);
        expect(longLogin.raw.length).toBeGreaterThan(1024);
        expect(longLogin.headers['content-encoding']).toBeUndefined();
        expect((JSON.parse(longLogin.text) as { token: string }).token).toMatch(/^eyJ/);
      } finally {
        await nginx.stop();
      }
    },
  );
});

/** Polls `read` until it returns `wanted`; resolves with the milliseconds that took. */
async function eventually<T>(read: () => Promise<T>, wanted: T, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await read()) === wanted) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`still not ${String(wanted)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const requestOf = (line: LogLine) =>
  line.msg === 'incoming request'
    ? (line.req as { url?: string; remoteAddress?: string } | undefined)
    : undefined;

/**
 * nginx with deploy/nginx.conf as it is, but for what a test run must choose: its ports, the two
 * processes' ports, a throw-away certificate, and logs and temporary files in a folder of its own.
 */
/** One HTTPS request to nginx (its certificate is the test's own, so it is not verified). */
function httpsCall(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{
  status: number;
  text: string;
  /** The body as it came, before any decoding (compressed when Content-Encoding says so). */
  raw: Buffer;
  headers: IncomingHttpHeaders;
  setCookies: string[];
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers, rejectUnauthorized: false, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            text: raw.toString('utf8'),
            raw,
            headers: response.headers,
            setCookies: response.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}
