// Shedding load instead of queueing it (issue 17): beyond capacity an API request is answered at once
// with 503, Retry-After and the envelope, never a 500; the health probe and static files are never
// refused; a request whose client left while it waited is dropped before its handler and its queries
// run; and the flood limiter, which then finds no address, neither throws nor logs an error.
//
// Requests are made to wait the way they wait on exam night, on the database: the test holds the
// app's only connection (SQLite has one), or on PostgreSQL locks the tables the requests read, until
// it lets go.
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { OVERLOADED_MESSAGE, OverloadedEnvelope } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { floodKey, UNKNOWN_ADDRESS } from '../src/plugins/security';
import { buildCourse } from './support/catalogue-fixture';
import {
  examCourse,
  examStudent,
  pick,
  save,
  setExam,
  start,
  submit,
  type ShownQuestion,
} from './support/exam-fixture';
import { holdLock } from './support/held-lock';
import { startTestApi, TENANT, type Reply, type TestApi } from './support/test-api';

const GRADE = 'Oman8';
const ACTIVE = `/api/AdminStudent/CourseActive?grade=${GRADE}`;
const RETRY_AFTER_S = 2;

type CoursePage = { data: { courses: unknown[] } };

/** Makes the app's database wait until the returned function lets go. */
async function holdDatabase(api: TestApi): Promise<() => Promise<void>> {
  // PostgreSQL: the tables those reads need, locked by the fixtures' connection, whichever client the
  // app uses (the pipelined one has no connection a test could hold: decision 0016).
  if (api.dialect === 'postgres') {
    const held = await holdLock(api, sql`lock table tenants, courses in access exclusive mode`);
    return () => held.release();
  }
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = api.services.database.db.connection().execute(async () => {
    held();
    await gate;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

/** A request the server has received, as the server sees it. */
function nextRequestOnServer(api: TestApi): Promise<IncomingMessage> {
  return new Promise((resolve) => api.app.server.once('request', (request) => resolve(request)));
}

/** Sends `count` catalogue reads and resolves once the server has received them all. */
async function sendWaiting(api: TestApi, count: number): Promise<Array<Promise<Reply<CoursePage>>>> {
  const arrived = new Promise<void>((resolve) => {
    let seen = 0;
    const onRequest = () => {
      seen += 1;
      if (seen < count) return;
      api.app.server.off('request', onRequest);
      resolve();
    };
    api.app.server.on('request', onRequest);
  });
  const replies = Array.from({ length: count }, () => api.call<CoursePage>('GET', ACTIVE));
  await arrived;
  return replies;
}

/** Sends a GET on a raw connection and keeps the connection, so the test can hang up on it. */
async function rawGet(api: TestApi, path: string): Promise<Socket> {
  const { port } = new URL(api.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => undefined);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tenant-ID: ${TENANT}\r\nAccept: application/json\r\n\r\n`,
  );
  return socket;
}

/** Keeps this process's event loop busy 100 ms at a time, letting other work in between, for `ms`. */
async function lagFor(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const busyUntil = Date.now() + 100;
    while (Date.now() < busyUntil) {
      // busy: nothing else in this process runs meanwhile
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

function expectShed(reply: Reply) {
  expect(reply.status).toBe(503);
  const header = Number(reply.headers.get('retry-after'));
  expect(header).toBeGreaterThanOrEqual(RETRY_AFTER_S);
  expect(header).toBeLessThanOrEqual(2 * RETRY_AFTER_S);
  expect(OverloadedEnvelope.parse(reply.body)).toEqual({
    success: false,
    message: OVERLOADED_MESSAGE,
    data: { retryAfter: header },
  });
}

/**
 * While the loop is kept busy (100 ms at a time, 4 s): reads come to be shed, and meanwhile an exam
 * attempt under way saves eight times and submits, all answered 200. Returns once the loop is free.
 */
async function shedsReadsNotTheExam(api: TestApi): Promise<void> {
  const exam = await examUnderWay(api);
  const lagging = lagFor(4_000);
  await vi.waitFor(async () => expectShed(await api.call('GET', '/api/Contact/getAll')), {
    timeout: 4_000,
    interval: 50,
  });
  expect(await exam.continueIt()).toEqual(Array(9).fill(200));
  await lagging;
}

/** A student part-way through a timed exam: the saves and the submission the shedders must let in. */
async function examUnderWay(api: TestApi) {
  const tenant = (await api.services.tenants.bySlug(TENANT))!;
  const built = await examCourse(api, tenant.id);
  const lessonId = built.lessonIds[0]![0]!;
  await setExam(api, tenant.id, lessonId, { timeLimitMinutes: 30 });
  const student = await examStudent(api, tenant.id, built.courseId);
  const started = await start(student.device, lessonId);
  expect(started.status, started.text).toBe(200);
  const questions = started.body.data.questions as ShownQuestion[];
  return {
    /** Eight saves at once, then the submission: every status. */
    async continueIt(): Promise<number[]> {
      const saves = await Promise.all(
        Array.from({ length: 8 }, () => save(student.device, lessonId, [pick(questions[0]!)])),
      );
      const submitted = await submit(
        student.device,
        lessonId,
        questions.map((q) => pick(q)),
      );
      return [...saves.map((reply) => reply.status), submitted.status];
    },
  };
}

describe('beyond MAX_IN_FLIGHT', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: {
        MAX_IN_FLIGHT: '2',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_RETRY_AFTER_S: String(RETRY_AFTER_S),
        DATABASE_POOL_SIZE: '1',
      },
    });
    const tenant = (await api.services.tenants.bySlug(TENANT))!;
    await buildCourse(api.db, { tenantId: tenant.id, grade: GRADE, units: [[{ type: 'Video' }]] });
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 503 with Retry-After in the header and the envelope, and serves the rest once there is room', async () => {
    const release = await holdDatabase(api);
    let replies: Reply<CoursePage>[];
    try {
      // The first two wait on the database (the catalogue page's queries); the others find no room.
      const waiting = await sendWaiting(api, 2);
      const refused = await Promise.all(Array.from({ length: 10 }, () => api.call('GET', ACTIVE)));
      for (const reply of refused) expectShed(reply);
      await release();
      replies = await Promise.all(waiting);
    } finally {
      await release();
    }
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body.data.courses).toHaveLength(1);
    }
    // The places the answered requests held are free again.
    const later = await Promise.all([api.call('GET', ACTIVE), api.call('GET', ACTIVE)]);
    expect(later.map((reply) => reply.status)).toEqual([200, 200]);
  });

  it('never refuses the health probe or static files, and counts neither', async () => {
    const release = await holdDatabase(api);
    try {
      const waiting = await sendWaiting(api, 2);
      expectShed(await api.call('GET', ACTIVE));
      const media = await api.call('GET', '/media/teacher.svg', { tenant: null });
      expect(media.status).toBe(200);
      expect(media.text).toContain('<svg');
      // The probe itself needs the database: it waits for it instead of being refused.
      const health = api.call('GET', '/api/health', { tenant: null });
      await release();
      expect((await health).body).toEqual({ status: 'ok', db: 'ok' });
      expect((await Promise.all(waiting)).map((reply) => reply.status)).toEqual([200, 200]);
    } finally {
      await release();
    }
  });

  it('answers only 200 or 503 to a burst twice its capacity and more, never a 500', async () => {
    const statuses = (await Promise.all(Array.from({ length: 40 }, () => api.call('GET', ACTIVE)))).map(
      (reply) => reply.status,
    );
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(200);
  });
});

describe('beyond MAX_EVENT_LOOP_DELAY_MS', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: {
        MAX_IN_FLIGHT: '0',
        MAX_EVENT_LOOP_DELAY_MS: '50',
        OVERLOAD_RETRY_AFTER_S: String(RETRY_AFTER_S),
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it("answers 503 with Retry-After while the event loop lags, never to an exam attempt's saves or submission, and serves again when it recovers", async () => {
    expect((await api.call('GET', '/api/Contact/getAll')).status).toBe(200);
    // The loop lags for longer than the start-up's grace and two samples, so every sample's mean
    // delay is far over 50 ms while it lasts.
    await shedsReadsNotTheExam(api);
    const health = await api.call('GET', '/api/health', { tenant: null });
    expect(health.status).toBe(200);
    await vi.waitFor(async () => expect((await api.call('GET', '/api/Contact/getAll')).status).toBe(200), {
      timeout: 5_000,
      interval: 100,
    });
  });
});

describe('beyond MAX_EVENT_LOOP_UTILIZATION', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: {
        MAX_IN_FLIGHT: '0',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        MAX_EVENT_LOOP_UTILIZATION: '0.9',
        OVERLOAD_RETRY_AFTER_S: String(RETRY_AFTER_S),
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it("refuses a share of new work while the loop stays saturated, never an exam attempt's saves or submission, and recovers", async () => {
    // Saturated for longer than the sustained samples and the share's climb.
    await shedsReadsNotTheExam(api);
    // The share falls a step a sample once the loop is free: within a second ten reads in a row pass.
    await vi.waitFor(
      async () => {
        const reads = await Promise.all(
          Array.from({ length: 10 }, () => api.call('GET', '/api/Contact/getAll')),
        );
        expect(reads.map((reply) => reply.status)).toEqual(Array(10).fill(200));
      },
      { timeout: 5_000, interval: 200 },
    );
  });
});

describe('a client that disconnects while its request waits', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Warnings and errors only, as in a busy production: nothing has asked for the client's address
    // (an info line of each request would have) before its connection closed.
    api = await startTestApi({ captureLogs: true, env: { DATABASE_POOL_SIZE: '1' } });
    const tenant = (await api.services.tenants.bySlug(TENANT))!;
    await buildCourse(api.db, { tenantId: tenant.id, grade: GRADE, units: [[{ type: 'Video' }]] });
  });
  afterAll(async () => {
    await api.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is dropped before its handler and its queries run, with no error and no 500', async () => {
    const handler = vi.spyOn(api.services.catalogue, 'activeCourses');
    // A client that stays: the handler runs and reads the courses.
    const served = await api.queriesDuring(() => api.call('GET', ACTIVE));
    expect(served.result.status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(served.queries.some((query) => /"courses"/.test(query))).toBe(true);
    handler.mockClear();
    api.logs.length = 0;
    const droppedBefore = api.app.shedding.dropped;

    const { queries } = await api.queriesDuring(async () => {
      // The tenant is looked up again: the request waits on the database for it, then for the limiter.
      api.services.tenants.forget(TENANT);
      const release = await holdDatabase(api);
      try {
        const received = nextRequestOnServer(api);
        const client = await rawGet(api, ACTIVE);
        const onServer = await received;
        client.destroy();
        if (!onServer.socket.destroyed) await once(onServer.socket, 'close');
      } finally {
        await release();
      }
      await vi.waitFor(() => expect(api.app.shedding.dropped).toBe(droppedBefore + 1));
    });
    expect(handler).not.toHaveBeenCalled();
    expect(queries.some((query) => /"courses"/.test(query))).toBe(false);
    // The rate limiter found no address and neither threw nor logged: nothing at error level or above.
    expect(api.logs.filter((line) => line.level >= 50)).toEqual([]);
    // The process serves the next client as usual.
    expect((await api.call('GET', ACTIVE)).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('the flood limit key', () => {
  it('is the normalised address, and "unknown" for a client whose address is gone', () => {
    expect(floodKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(floodKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::');
    expect(floodKey(undefined)).toBe(UNKNOWN_ADDRESS);
  });
});
