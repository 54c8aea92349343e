// Two round trips at most (issue 17): every hot student read issues at most one statement beyond the
// session lookup, and a quiz submission one write beyond that read. Counted over real HTTP through the
// app's own Kysely (queriesDuring), on each database, after one warm-up call of the route so that the
// catalogue structure and quiz keys come from their cache as in production. The session lookup is
// counted too, so the budgets hold whether or not a session cache answers it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import { buildCourse, fourOptions, type BuiltCourse } from './support/catalogue-fixture';
import { addBank, setExam } from './support/exam-fixture';
import { studentAnswers } from './support/quiz-answers';
import { registerStudent, startTestApi, TENANT, type Device, type TestApi } from './support/test-api';

/** The session lookup and one statement for everything the read needs. */
const READ_BUDGET = 2;
/** The session lookup, the lesson with its grant, progress and stored result, and the insert. */
const SUBMIT_BUDGET = 3;
/** An exam (0013): the content is a read; a start adds its insert; a save is one conditional
 * UPDATE; a submit reads the lesson, then closes the attempt and upserts the counted result in one
 * transaction (BEGIN and COMMIT counted), so neither is ever seen without the other. The session
 * lookup in each. A bank exam's start also marks its draw's questions drawn, but only the first start
 * in the process to draw a question (exams/bank-cache.ts, markDrawn): the warm-up student's. */
const EXAM_BUDGETS = { content: READ_BUDGET, start: 3, save: 2, submit: 5 };

let api: TestApi;
let tenant: Tenant;
let built: BuiltCourse;
let videoId: number;
let quizId: number;
let examId: number;
let bankExamId: number;

beforeAll(async () => {
  // The catalogue cache on, as in production (the other API tests turn it off).
  api = await startTestApi({ env: { CATALOGUE_CACHE_MS: '60000' } });
  tenant = (await api.services.tenants.bySlug(TENANT))!;
  built = await buildCourse(api.db, {
    tenantId: tenant.id,
    units: [
      [{ type: 'Video' }, { type: 'Quiz', questions: [fourOptions('س1', 1), fourOptions('س2', 2)] }],
      [
        { type: 'Video' },
        { type: 'Quiz', questions: [] },
        { type: 'Quiz', questions: [fourOptions('س3', 0), fourOptions('س4', 3)] },
      ],
    ],
  });
  [videoId, quizId] = built.lessonIds[0] as [number, number];
  // A timed exam (decision 0013): its settings and the quiz key then come from their caches.
  [bankExamId, examId] = built.lessonIds[1]!.slice(1) as [number, number];
  await setExam(api, tenant.id, examId, { timeLimitMinutes: 60 });
  // A bank exam before it: 2 of the course's 3 questions on its topic, drawn per attempt.
  await addBank(
    api,
    tenant.id,
    built.courseId,
    [1, 2, 3].map((n) => ({ text: `ب${n}`, topic: 'ت' })),
  );
  await setExam(api, tenant.id, bankExamId, {
    source: 'bank',
    draw: [{ topic: 'ت', difficulty: null, count: 2 }],
    timeLimitMinutes: 60,
  });
});
afterAll(async () => {
  await api.close();
});

type Student = { id: number; device: Device };

async function enrolledStudent(): Promise<Student> {
  const fields = await registerStudent(api);
  const device = api.device();
  expect((await device.login(fields.Email)).status).toBe(200);
  const [code] = await issueCodes(api.db, {
    tenantId: tenant.id,
    target: { table: 'enrollment_codes', courseId: built.courseId },
    count: 1,
    now: api.clock.now(),
  });
  const enrolled = await device.call(
    'POST',
    `/api/Student/add-course-by-code?Code=${code}&StudentId=${fields.id}`,
  );
  expect(enrolled.status).toBe(200);
  const [unitCode] = await issueCodes(api.db, {
    tenantId: tenant.id,
    target: { table: 'unit_codes', unitId: built.unitIds[1]! },
    count: 1,
    now: api.clock.now(),
  });
  expect((await device.call('POST', `/api/UnitCode/EnterCode?code=${unitCode}`)).status).toBe(200);
  return { id: fields.id, device };
}

/** The statements one call runs, after the call succeeded. */
async function statementsOf(call: () => Promise<{ status: number; text: string }>): Promise<string[]> {
  const { result, queries } = await api.queriesDuring(call);
  expect(result.status, result.text).toBe(200);
  return queries;
}

/** Warms the route once, then counts the statements of a second call. */
async function warmCount(call: () => Promise<{ status: number; text: string }>): Promise<string[]> {
  await statementsOf(call);
  return statementsOf(call);
}

describe('statements per hot student route', () => {
  let student: Student;
  beforeAll(async () => {
    student = await enrolledStudent();
  });

  const reads: [string, () => string][] = [
    ['video content', () => `/api/Student/contentlesson/${videoId}`],
    ['quiz content', () => `/api/Student/contentlesson/${quizId}`],
    ['course tree with progress', () => `/api/Course/tree-course-with-progress?courseid=${built.courseId}`],
    ['unit tree with progress', () => `/api/Course/tree-unit-with-progress?unitId=${built.unitIds[1]}`],
    ['unit lessons', () => `/api/Unit/${built.unitIds[1]}/lessons?pageNumber=1&pageSize=10`],
    [
      'my courses',
      () => `/api/Student/Student-Enrolled-Courses?studentId=${student.id}&pagenumber=1&pagesize=10`,
    ],
    ['my lectures', () => '/api/UnitCode/GetMyUnitCodes?pageNumber=1&pageSize=10'],
    [
      'my lectures, filtered',
      () => '/api/UnitCode/GetMyUnitCodes?pageNumber=1&pageSize=10&grade=Secondary3&search=%D8%A7',
    ],
    ['IsEnrolled', () => `/api/AdminStudent/IsEnrolled?studentId=${student.id}&courseId=${built.courseId}`],
  ];

  for (const [name, path] of reads) {
    it(`${name}: at most ${READ_BUDGET} statements`, async () => {
      const queries = await warmCount(() => student.device.call('GET', path()));
      expect(queries.length, queries.join('\n')).toBeLessThanOrEqual(READ_BUDGET);
    });
  }

  it(`quiz submission: at most ${SUBMIT_BUDGET} statements`, async () => {
    // A submission succeeds once per student: one student warms the route, another is counted.
    const first = await enrolledStudent();
    const second = await enrolledStudent();
    const submit = async (who: Student) => {
      const answers = await studentAnswers(who.device, built, quizId);
      return statementsOf(() =>
        who.device.call('POST', '/api/quizresult/submit', { json: { lessonId: quizId, answers } }),
      );
    };
    await submit(first);
    const queries = await submit(second);
    expect(queries.length, queries.join('\n')).toBeLessThanOrEqual(SUBMIT_BUDGET);
  });
});

describe('statements per exam call', () => {
  /** The statements of each exam call, in order, for a student who takes the exam `examId`. */
  async function takeExam(
    device: Device,
    examId: number,
  ): Promise<Record<keyof typeof EXAM_BUDGETS, string[]>> {
    const content = await statementsOf(() => device.call('GET', `/api/Student/contentlesson/${examId}`));
    let questions: { id: number; answers: { id: number }[] }[] = [];
    const start = await statementsOf(async () => {
      const reply = await device.call('POST', '/api/Student/quizattempt/start', {
        json: { lessonId: examId },
      });
      questions = reply.body?.data?.questions ?? [];
      return reply;
    });
    const answers = questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id }));
    const save = await statementsOf(() =>
      device.call('PUT', '/api/Student/quizattempt/answers', {
        json: { lessonId: examId, answers: answers.slice(0, 1) },
      }),
    );
    const submit = await statementsOf(() =>
      device.call('POST', '/api/quizresult/submit', { json: { lessonId: examId, answers } }),
    );
    return { content, start, save, submit };
  }

  /** One student takes the bank exam, then the fixed one (which the bank exam, a quiz, locks). */
  async function takeBoth() {
    const { device } = await enrolledStudent();
    return { bank: await takeExam(device, bankExamId), fixed: await takeExam(device, examId) };
  }

  it(`content ≤ ${EXAM_BUDGETS.content}, start ≤ ${EXAM_BUDGETS.start}, save ≤ ${EXAM_BUDGETS.save}, submit ≤ ${EXAM_BUDGETS.submit}, from a bank or fixed`, async () => {
    // One student warms the caches (settings, quiz key, bank, structure, drawn marks); another is counted.
    const warm = await takeBoth();
    expect(warm.bank.start.filter((query) => /^update "bank_questions"/i.test(query))).toHaveLength(1);
    const counted = await takeBoth();
    for (const [exam, calls] of Object.entries(counted)) {
      for (const [call, queries] of Object.entries(calls)) {
        expect(queries.length, `${exam} ${call}:\n${queries.join('\n')}`).toBeLessThanOrEqual(
          EXAM_BUDGETS[call as keyof typeof EXAM_BUDGETS],
        );
      }
    }
  });
});
