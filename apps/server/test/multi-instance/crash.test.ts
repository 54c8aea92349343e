// Nothing lost, nothing half-written: students enrol (free and by code), complete videos, submit a quiz
// and redeem unit codes in parallel while the server process is killed with SIGKILL mid-load. After a
// restart on the same database, every request that was answered 200 is in it, and every write that
// touches two rows (a code and the enrolment or unlock it bought) is there entirely or not at all,
// whether or not its request was answered. On SQLite and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { issueCodes } from '../../src/modules/codes/code-issuer';
import { hashPassword } from '../../src/modules/auth/passwords';
import { buildCourse, fourOptions } from '../support/catalogue-fixture';
import { seenAnswerId, type SeenQuestion } from '../support/quiz-answers';
import { createCaller, Device, PASSWORD, TENANT } from '../support/test-api';
import { itWith, processEnvironment } from './support/environment';
import { startServer } from './support/processes';

const STUDENTS = 24;
/** The kill comes once this many writes have been answered 200: well inside the load. */
const KILL_AFTER = 100;

type Kind = 'free' | 'video' | 'quiz' | 'code' | 'unitCode';
type Outcome = { student: number; kind: Kind; target: number | string; status: number | 'no answer' };

async function seed(db: Db, tenantId: number) {
  const free = await buildCourse(db, {
    tenantId,
    priceCents: 0,
    units: [
      [
        ...Array.from({ length: 5 }, () => ({ type: 'Video' as const })),
        { type: 'Quiz', questions: [fourOptions('س١', 1), fourOptions('س٢', 2)] },
      ],
    ],
  });
  const paid = await buildCourse(db, { tenantId, units: [[{ type: 'Video' }]] });
  const unitCourse = await buildCourse(db, { tenantId, units: [[{ type: 'Video' }]] });
  const now = new Date();
  const codes = await issueCodes(db, {
    tenantId,
    target: { table: 'enrollment_codes', courseId: paid.courseId },
    count: STUDENTS,
    now,
  });
  const unitCodes = await issueCodes(db, {
    tenantId,
    target: { table: 'unit_codes', unitId: unitCourse.unitIds[0]! },
    count: STUDENTS,
    now,
  });
  const hash = await hashPassword(PASSWORD);
  const stamp = now.toISOString();
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        tenant_id: tenantId,
        name: 'طالب',
        email: `crash-${i}@example.com`,
        phone: `0100000${String(i).padStart(4, '0')}`,
        parent_phone: '01111111111',
        academic_year: 'Secondary3',
        is_online: 1,
        role: 'student',
        password_hash: hash,
        email_confirmed_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  return { free, paid, unitCourse, codes, unitCodes, users };
}

async function crashUnderLoad(kind: 'sqlite' | 'postgres') {
  const environment = await processEnvironment(kind);
  try {
    const first = await startServer(`${kind}-first`, environment.env);
    const db = environment.fixtures().db;
    const tenant = await db
      .selectFrom('tenants')
      .selectAll()
      .where('slug', '=', TENANT)
      .executeTakeFirstOrThrow();
    const data = await seed(db, tenant.id);
    const call = createCaller(first.url);
    const devices = await Promise.all(
      data.users.map(async (user) => {
        const device = new Device(call, `crash-device-${user.id}`);
        const reply = await device.login(user.email);
        if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
        return { user, device };
      }),
    );

    const outcomes: Outcome[] = [];
    let answered200 = 0;
    let killed = false;
    const quizLesson = data.free.lessonIds[0]![5]!;
    const quiz = data.free.quizzes.get(quizLesson)!;
    const write = async (
      student: number,
      device: Device,
      kindOf: Kind,
      target: number | string,
      path: string,
      json?: unknown,
    ) => {
      let status: Outcome['status'];
      try {
        status = (await device.call('POST', path, json === undefined ? {} : { json })).status;
      } catch {
        status = 'no answer';
      }
      outcomes.push({ student, kind: kindOf, target, status });
      if (status === 200) answered200 += 1;
      if (answered200 >= KILL_AFTER && !killed) {
        killed = true;
        first.signal('SIGKILL');
      }
      return status === 200;
    };
    // Each student's writes in order, the two code redemptions placed differently for each, so that the
    // kill finds every kind of write in flight.
    const plan = (index: number): Kind[] => {
      const steps: Kind[] = ['free', 'video', 'video', 'video', 'video', 'video', 'quiz'];
      steps.splice(1 + (index % 7), 0, 'code');
      steps.splice(1 + ((index * 3) % 8), 0, 'unitCode');
      return steps;
    };
    await Promise.all(
      devices.map(async ({ user, device }, index) => {
        const id = user.id;
        const videos = [...data.free.lessonIds[0]!.slice(0, 5)];
        for (const step of plan(index)) {
          let ok: boolean;
          if (step === 'free') {
            const path = `/api/Student/add-course-by-code?StudentId=${id}&courseId=${data.free.courseId}`;
            ok = await write(id, device, step, data.free.courseId, path);
          } else if (step === 'video') {
            const lessonId = videos.shift()!;
            ok = await write(id, device, step, lessonId, `/api/Student/lesson-complete/${lessonId}`);
          } else if (step === 'quiz') {
            // Answer i of question i, in this student's ids: read from the quiz as they see it. The
            // read can be cut off by the kill too; it is recorded like a write then.
            let seen: SeenQuestion[] | null = null;
            let status: Outcome['status'] = 'no answer';
            try {
              const reply = await device.call('GET', `/api/Student/contentlesson/${quizLesson}`);
              status = reply.status;
              if (reply.status === 200) seen = reply.body.data.questions as SeenQuestion[];
            } catch {
              seen = null;
            }
            if (!seen) {
              outcomes.push({ student: id, kind: step, target: quizLesson, status });
              return;
            }
            const answers = quiz.map((q, i) => ({
              questionId: q.questionId,
              answerId: seenAnswerId(seen, q.questionId, q.answerTexts[i]!),
            }));
            const body = { lessonId: quizLesson, answers };
            ok = await write(id, device, step, quizLesson, '/api/quizresult/submit', body);
          } else if (step === 'code') {
            const code = data.codes[index]!;
            ok = await write(
              id,
              device,
              step,
              code,
              `/api/Student/add-course-by-code?StudentId=${id}&Code=${code}`,
            );
          } else {
            const code = data.unitCodes[index]!;
            ok = await write(id, device, step, code, `/api/UnitCode/EnterCode?code=${code}`);
          }
          if (!ok) return;
        }
      }),
    );
    const exit = await first.exited;
    expect(killed).toBe(true);
    expect(exit.signal).toBe('SIGKILL');
    const failed = outcomes.filter((o) => o.status !== 200);
    // The kill landed mid-load: some writes were answered, some were cut off.
    expect(answered200).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed.some((o) => o.status === 'no answer')).toBe(true);
    expect(failed.filter((o) => o.status !== 'no answer')).toEqual([]);

    // Restart on the same database: it opens (SQLite recovers its WAL) and serves.
    const second = await startServer(`${kind}-second`, environment.env);
    try {
      const health = await createCaller(second.url)('GET', '/api/health', { tenant: null });
      expect(health.body).toEqual({ status: 'ok', db: 'ok' });
      await checkDurableAndWhole(db, data, outcomes);
      if (kind === 'sqlite') {
        const { sql } = await import('kysely');
        const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
        expect(rows).toEqual([{ integrity_check: 'ok' }]);
      }
    } finally {
      await second.stop();
    }
  } finally {
    await environment.close();
  }
}

async function checkDurableAndWhole(db: Db, data: Awaited<ReturnType<typeof seed>>, outcomes: Outcome[]) {
  const [enrollments, completions, results, codes, unitCodes, unlocks] = await Promise.all([
    db.selectFrom('enrollments').selectAll().execute(),
    db.selectFrom('lesson_completions').selectAll().execute(),
    db.selectFrom('quiz_results').selectAll().execute(),
    db.selectFrom('enrollment_codes').selectAll().where('course_id', '=', data.paid.courseId).execute(),
    db.selectFrom('unit_codes').selectAll().where('unit_id', '=', data.unitCourse.unitIds[0]!).execute(),
    db.selectFrom('unit_unlocks').selectAll().execute(),
  ]);
  const has = <T>(rows: T[], match: (row: T) => boolean) => rows.some(match);

  // Every answered write is there.
  for (const o of outcomes.filter((outcome) => outcome.status === 200)) {
    const found =
      o.kind === 'free'
        ? has(enrollments, (e) => e.user_id === o.student && e.course_id === o.target && e.source === 'free')
        : o.kind === 'video'
          ? has(completions, (c) => c.user_id === o.student && c.lesson_id === o.target)
          : o.kind === 'quiz'
            ? has(results, (r) => r.user_id === o.student && r.lesson_id === o.target && r.total === 2)
            : o.kind === 'code'
              ? has(codes, (c) => c.code === o.target && c.used_by === o.student)
              : has(unitCodes, (c) => c.code === o.target && c.used_by === o.student);
    expect({ ...o, found }).toEqual({ ...o, found: true });
  }

  // Whole or absent, answered or not: a used code has its enrolment or unlock, and the other way round.
  type Code = { id: number; code: string; used_by: number | null };
  const whole = (used: Code[], bought: { code_id: number | null; user_id: number }[]) => {
    for (const code of used) {
      const holder = bought.find((row) => row.code_id === code.id)?.user_id ?? null;
      expect({ code: code.code, usedBy: code.used_by, holder }).toEqual({
        code: code.code,
        usedBy: code.used_by,
        holder: code.used_by,
      });
    }
    for (const row of bought.filter((r) => r.code_id !== null))
      expect(used.find((c) => c.id === row.code_id)?.used_by).toBe(row.user_id);
  };
  whole(codes, enrollments);
  whole(unitCodes, unlocks);
  for (const result of results) {
    const review = JSON.parse(result.answers_json) as unknown[];
    expect(review).toHaveLength(result.total);
  }
}

describe('a crash under write load', () => {
  it('loses no answered write and leaves none half-written, on SQLite', () => crashUnderLoad('sqlite'));

  itWith(['postgres'], 'loses no answered write and leaves none half-written, on PostgreSQL', () =>
    crashUnderLoad('postgres'),
  );
});
