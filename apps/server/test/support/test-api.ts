// Starts the real application on an ephemeral port and talks to it over HTTP, like any client.
import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp, type BuiltApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import type { LimitOverrides } from '../../src/lib/limits';
import { createTestDatabase } from './test-database';
import { TestClock } from './test-clock';

export const TENANT = 'tenant8';
export const PASSWORD = 'secret123';

export type Reply<T = unknown> = {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: T;
  setCookies: string[];
};

export type CallOptions = {
  json?: unknown;
  form?: Record<string, string>;
  multipart?: Record<string, string>;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
  tenant?: string | null;
  deviceId?: string | null;
  token?: string | null;
  cookie?: string | null;
};

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** One line the app logged (pino's JSON): level 40 is warn, 50 error, 60 fatal. */
export type LogLine = {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
};

export async function startTestApi(
  options: {
    limits?: LimitOverrides;
    env?: Record<string, string>;
    clock?: TestClock;
    /** Keep the app's warn-and-above log lines in `logs` (otherwise the app logs nothing). */
    captureLogs?: boolean;
  } = {},
) {
  const database = await createTestDatabase();
  const clock = options.clock ?? new TestClock();
  const logs: LogLine[] = [];
  // The statements the app's own connection runs while a `queriesDuring` call is recording.
  let recording: string[] | null = null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.captureLogs ? 'warn' : 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_MAX: '100000',
    // Tests change catalogue rows directly between calls; the cache has its own test.
    CATALOGUE_CACHE_MS: '0',
    // No exam sweeper on a timer: its statements would land in other calls' counts (queriesDuring);
    // the exam tests call sweepOnce() or turn it on.
    EXAM_SWEEP_MS: '0',
    // Nor rehearsals of exam openings on a timer (the rehearsal's test calls rehearseDue()), nor
    // warmings of open exams on a read, whose statements would also land in other calls' counts: both
    // are off unless a test sets EXAM_REHEARSAL_RUNS (exam-rehearsal.test.ts).
    EXAM_REHEARSAL_CHECK_MS: '0',
    EXAM_REHEARSAL_RUNS: '0',
    // No load shedding: fixtures do their synchronous database work in this same process (it would
    // read as a slow event loop), and some tests send hundreds of requests at once on purpose.
    // Shedding has its own test (overload.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '0',
    MAX_IN_FLIGHT: '0',
    // The session cache on, as in production (on PostgreSQL without Redis it would be off by
    // default): every API test then checks that each change it makes to a session or an account is
    // seen on the next request. Only what the app itself writes invalidates it.
    SESSION_CACHE_MS: '30000',
    LOAD_DEMO: 'false',
    ...database.env,
    ...options.env,
  });
  const built: BuiltApp = await buildApp(config, {
    ...(options.captureLogs ? { logStream: { write: (line: string) => logs.push(JSON.parse(line)) } } : {}),
    clock,
    onQuery: (sql) => recording?.push(sql),
    limits: {
      loginAddress: { points: 10_000, durationSeconds: 60 },
      registerAddress: { points: 10_000, durationSeconds: 60 },
      ...options.limits,
    },
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  // Fixtures and checks go around the API: on PostgreSQL as a superuser, whom the tenant policies do
  // not hold (the app itself connects as a role they do hold).
  const fixtures =
    database.kind === 'postgres'
      ? connectDatabase(loadConfig({ ...database.fixtureEnv, JWT_SECRET: 'x'.repeat(48) }).database)
      : built.services.database;
  const { port } = built.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const call = createCaller(baseUrl);

  return {
    baseUrl,
    clock,
    app: built.app,
    services: built.services,
    /** Every tenant's rows (fixtures, checks); the app's own connection is `services.database`. */
    db: fixtures.db,
    dialect: database.kind,
    call,
    /** Warn-and-above lines the app logged, when started with captureLogs. */
    logs,
    /** The SQL of every statement the app ran while `work` ran (run one request at a time). */
    async queriesDuring<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
      const queries: string[] = [];
      recording = queries;
      try {
        return { result: await work(), queries };
      } finally {
        recording = null;
      }
    },
    /** A browser on one device: its own DeviceId, access token and refresh cookie. */
    device(deviceId = `dev-${randomBytes(6).toString('hex')}`) {
      return new Device(call, deviceId);
    },
    async close() {
      await built.app.close();
      if (fixtures !== built.services.database) await fixtures.close();
      await database.drop();
    },
  };
}

export type Call = <T = any>(method: string, path: string, opts?: CallOptions) => Promise<Reply<T>>;

/** HTTP calls to one server, as any client makes them (X-Tenant-ID defaults to the test tenant). */
export function createCaller(baseUrl: string): Call {
  return async function call<T = any>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.tenant !== null) headers['x-tenant-id'] = opts.tenant ?? TENANT;
    if (opts.deviceId) headers.deviceid = opts.deviceId;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: RequestInit['body'];
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.multipart) {
      const form = new FormData();
      for (const [key, value] of Object.entries(opts.multipart)) form.append(key, value);
      body = form;
    } else if (opts.rawBody !== undefined) {
      headers['content-type'] = opts.contentType ?? 'application/json';
      body = opts.rawBody;
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: parsed as T,
      setCookies: response.headers.getSetCookie(),
    };
  };
}

export class Device {
  token: string | null = null;
  refreshCookie: string | null = null;
  constructor(
    private readonly rawCall: Call,
    readonly deviceId: string,
    public tenant: string = TENANT,
  ) {}

  /** Calls as this device: its DeviceId, bearer token and refresh cookie, and keeps what it is sent. */
  async call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<Reply<T>> {
    const reply = await this.rawCall<T>(method, path, {
      tenant: this.tenant,
      deviceId: this.deviceId,
      token: this.token,
      cookie: this.refreshCookie ? `refresh_token=${this.refreshCookie}` : null,
      ...opts,
    });
    for (const cookie of reply.setCookies) {
      const match = /^refresh_token=([^;]*)/.exec(cookie);
      if (match) this.refreshCookie = match[1] || null;
    }
    return reply;
  }

  async login(emailOrMobile: string, password = PASSWORD) {
    const reply = await this.call('POST', '/api/Auth/login', {
      json: { EmailorMobile: emailOrMobile, password },
    });
    if (reply.status === 200) this.token = reply.body.data.token;
    return reply;
  }
}

export type StudentFields = {
  UserName: string;
  Password: string;
  ConfirmPassword: string;
  Email: string;
  PhoneNumber: string;
  ParentPhone: string;
  AcademicYear: string;
  IsOnline: string;
};

/** Registration fields of a valid new student, unique within the run. */
export function newStudent(overrides: Partial<StudentFields> & Record<string, string> = {}): StudentFields {
  return {
    UserName: 'أحمد محمد',
    Password: PASSWORD,
    ConfirmPassword: PASSWORD,
    Email: `student-${randomBytes(5).toString('hex')}@example.com`,
    PhoneNumber: `010${String(randomInt(0, 99_999_999)).padStart(8, '0')}`,
    ParentPhone: '01111111111',
    AcademicYear: 'Secondary3',
    IsOnline: 'true',
    ...overrides,
  };
}

/** Registers a student over HTTP and returns the fields used. */
export async function registerStudent(
  api: TestApi,
  overrides: Record<string, string> = {},
  tenant = TENANT,
): Promise<StudentFields & { id: number }> {
  const fields = newStudent(overrides);
  const reply = await api.call('POST', '/api/Auth/register', { multipart: fields, tenant });
  if (reply.status !== 200) throw new Error(`register failed: ${reply.status} ${reply.text}`);
  return { ...fields, id: reply.body.data.id as number };
}
