// A bounded fuzzer over the API's own OpenAPI document (GET /api/docs/json): every operation it
// lists is called with values derived from its parameter and body schemas, mixed with hostile ones
// (control characters, huge numbers, wrong types, SQL and markup payloads, very long text), as an
// anonymous caller, a signed-in student and the tenant's admin. API.md: 500 is never the answer to
// bad input, so no call may answer 5xx, and the server may not log an error for any of them.
// The seed is fixed and the count bounded: the same requests every run, in well under a minute.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/lib/limits';
import { signedInAdmin, signedInStudent } from './support/admin-helpers';
import { buildCourse, fourOptions } from './support/catalogue-fixture';
import {
  CONTROLS,
  valueArbitrary,
  withControl,
  type ArbitraryOptions,
  type JsonSchema,
} from './support/schema-arbitrary';
import { startTestApi, type CallOptions, type Reply, type TestApi } from './support/test-api';

const SEED = 16_2_8;
const RUNS_PER_OPERATION = 40;

/**
 * Calls that would end the fuzzing caller's own session, so every later call would be a 401 and
 * test nothing: logging out. (An admin ending a student's sessions stays in: the admin goes last.)
 */
const SESSION_ENDING = new Set(['POST /api/Auth/logout']);

type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: { contentTypes: string[]; schema: JsonSchema } | null;
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

type FuzzRequest = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  contentType: string | null;
};

let api: TestApi;
let operations: Operation[];
let options: ArbitraryOptions;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let student: Awaited<ReturnType<typeof signedInStudent>>;

beforeAll(async () => {
  // Every attempt limit out of the way, so 429s do not hide the routes behind them.
  const limits = Object.fromEntries(
    Object.keys(DEFAULT_LIMITS).map((name) => [name, { points: 1_000_000, durationSeconds: 60 }]),
  );
  api = await startTestApi({ limits, captureLogs: true });
  const tenant = await api.services.tenants.bySlug('tenant8');
  const course = await buildCourse(api.db, {
    tenantId: tenant!.id,
    units: [
      [
        { type: 'Video', attachmentFile: 'notes.pdf' },
        { type: 'Quiz', questions: [fourOptions('س')] },
      ],
    ],
  });
  admin = await signedInAdmin(api);
  student = await signedInStudent(api);
  const batch = await admin.device.call('POST', '/api/Admin/CodeBatches', {
    json: { kind: 'enrollment', courseId: course.courseId, count: 2, label: 'دفعة' },
  });
  expect(batch.status).toBe(200);
  const quiz = [...course.quizzes.values()][0]![0]!;
  options = {
    ids: [
      course.courseId,
      ...course.unitIds,
      ...course.lessonIds.flat(),
      quiz.questionId,
      ...quiz.answerIds,
      batch.body.data.id as number,
      student.id,
      admin.id,
    ],
  };
  const doc = await api.call<OpenApi>('GET', '/api/docs/json');
  expect(doc.status).toBe(200);
  operations = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      const contentTypes = Object.keys(content);
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: contentTypes.length > 0 ? { contentTypes, schema: content[contentTypes[0]!]!.schema } : null,
      };
    }),
  );
});

afterAll(async () => {
  await api?.close();
});

/** Requests for one operation: each parameter and the body from its schema, sometimes left out. */
function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const part = (where: Parameter['in']) => {
    const params = operation.parameters.filter((p) => p.in === where);
    return fc.record(Object.fromEntries(params.map((p) => [p.name, valueArbitrary(p.schema, options)])), {
      requiredKeys: where === 'path' ? params.map((p) => p.name) : [],
    });
  };
  const body = operation.body
    ? fc.oneof(
        { weight: 9, arbitrary: valueArbitrary(operation.body.schema, options) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  const contentType = operation.body ? fc.constantFrom(...operation.body.contentTypes) : fc.constant(null);
  const request = fc.record({ path: part('path'), query: part('query'), body, contentType });
  // A third of the requests carry a control character in one of their strings (path, query or body),
  // NUL half the time: the one PostgreSQL refuses to store.
  const control = fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROLS));
  const poisoned = fc
    .tuple(request, control, fc.nat(), fc.nat())
    .map(([{ contentType, ...parts }, control, pick, position]) => ({
      ...(withControl(parts, control, pick, position) as Omit<FuzzRequest, 'contentType'>),
      contentType,
    }));
  return fc.oneof({ weight: 2, arbitrary: request }, { weight: 1, arbitrary: poisoned });
}

/** A value as a URL carries it: text as is, anything else as JSON. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** Every UTF-8 byte of the text as %XX (a lone surrogate goes as U+FFFD, as a browser sends it). */
const percentEncoded = (text: string): string =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

function toCall(operation: Operation, request: FuzzRequest): { url: string; opts: CallOptions } {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    percentEncoded(asText(request.path[name])),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, asText(item));
  }
  const search = query.toString();
  const url = search ? `${path}?${search}` : path;
  const { body, contentType } = request;
  if (body === undefined || contentType === null) return { url, opts: {} };
  if (contentType === 'application/json') return { url, opts: { json: body } };
  const fields =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, asText(value)]))
      : null;
  if (!fields) return { url, opts: { rawBody: asText(body), contentType } };
  return {
    url,
    opts: contentType === 'multipart/form-data' ? { multipart: fields } : { form: fields },
  };
}

type Role = 'anonymous' | 'student' | 'admin';
const callAs = (role: Role, method: string, url: string, opts: CallOptions): Promise<Reply> => {
  if (role === 'anonymous') return api.call(method, url, { deviceId: 'fuzz-anonymous-device', ...opts });
  return (role === 'student' ? student : admin).device.call(method, url, opts);
};

// Roles in this order: the admin's calls may end the student's sessions, so the admin goes last.
describe.each<Role>(['anonymous', 'student', 'admin'])(
  'every operation of the OpenAPI document, as %s',
  (role) => {
    it('answers every fuzzed request below 500 and logs no error', async () => {
      expect(operations.length).toBeGreaterThan(50);
      const logsBefore = api.logs.length;
      const failures: string[] = [];
      let sent = 0;
      let succeeded = 0;
      const started = performance.now();
      for (const [index, operation] of operations.entries()) {
        if (SESSION_ENDING.has(operation.key)) continue;
        const requests = fc.sample(requestArbitrary(operation), {
          seed: SEED + index,
          numRuns: RUNS_PER_OPERATION,
        });
        for (const request of requests) {
          const { url, opts } = toCall(operation, request);
          const reply = await callAs(role, operation.method, url, opts);
          sent += 1;
          if (reply.status < 300) succeeded += 1;
          if (reply.status >= 500) {
            failures.push(
              `${operation.method} ${url.slice(0, 200)} ${JSON.stringify(opts).slice(0, 300)} → ${reply.status}`,
            );
          }
        }
      }
      const errorLogs = api.logs.slice(logsBefore).filter((line) => line.level >= 50);
      console.info(
        `[openapi-fuzz] ${api.dialect} ${role}: ${sent} requests, ${succeeded} answered 2xx, ${failures.length} 5xx, ` +
          `${errorLogs.length} error log lines, ${Math.round(performance.now() - started)} ms`,
      );
      expect(failures).toEqual([]);
      expect(errorLogs.map((line) => `${line.msg}: ${line.err?.message}`)).toEqual([]);
      // The fuzzing caller was still signed in at the end: the calls above did test the routes.
      if (role !== 'anonymous') {
        const device = (role === 'student' ? student : admin).device;
        expect(
          (await device.call('GET', role === 'admin' ? '/api/Admin/Me' : '/api/Student/profile')).status,
        ).toBe(200);
      }
      // Bounded by its count, not by time: ~2,500 requests, some of them password checks (argon2),
      // take 5–20 s alone and longer beside the rest of the suite on a 2-core machine.
    }, 120_000);
  },
);
