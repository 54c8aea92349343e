// Students who never logged in over HTTP, written straight into the database by the server child
// (bench/server.ts) with one live device session each, and their access tokens minted with the server's
// own JWT secret by the function the login route uses (signAccessToken): thousands of logins would
// otherwise cost an argon2 hash each. Used by the synchronised quiz start (bench/quiz-start.ts) and the
// scaling figures (bench/scaling.ts), each on a fresh database. Tokens live ACCESS_TOKEN_SECONDS (15
// minutes) from the seed, longer than either run.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db, DialectName } from '../apps/server/src/db/connect';
import type { LessonTable } from '../apps/server/src/db/schema';
import type { Jwt } from '../apps/server/src/lib/jwt';
import { signAccessToken } from '../apps/server/src/modules/auth/tokens';
import { BENCH_GRADE, inBatches, unitRows, VIDEO_URL } from './catalogue';

/** What a client needs to act as the student. */
export type DirectStudent = { userId: number; deviceId: string; token: string };

const DAY_MS = 86_400_000;
/** Never used to log in: these students only present minted tokens. */
const NO_LOGIN_HASH = 'bench-direct-seed-no-login';

export type SeedScope = { db: Db; jwt: Jwt; tenantId: number; now: Date };

/** `count` students named `<tag>-00001@…`, each with a session on device `<tag>-device-<i>` and a token. */
export async function insertStudents(scope: SeedScope, tag: string, count: number): Promise<DirectStudent[]> {
  const { db, jwt, tenantId, now } = scope;
  const nowIso = now.toISOString();
  const phoneStem = tag === 'quiz' ? '015' : '016';
  const users = await inBatches(
    Array.from({ length: count }, (_, i) => ({
      tenant_id: tenantId,
      name: `طالب ${i + 1}`,
      email: `${tag}-${String(i).padStart(5, '0')}@bench.example.com`,
      phone: `${phoneStem}${String(i).padStart(8, '0')}`,
      parent_phone: '01111111111',
      academic_year: BENCH_GRADE,
      is_online: 1 as const,
      role: 'student' as const,
      password_hash: NO_LOGIN_HASH,
      email_confirmed_at: nowIso,
      created_at: nowIso,
      updated_at: nowIso,
    })),
    (chunk) => db.insertInto('users').values(chunk).returning('id').execute(),
  );
  const sessions = users.map((user, i) => ({
    id: randomUUID(),
    tenant_id: tenantId,
    user_id: user.id,
    device_id: `${tag}-device-${i}`,
    slot: 1,
    refresh_hash: randomBytes(32).toString('hex'),
    previous_refresh_hash: null,
    created_at: nowIso,
    refreshed_at: nowIso,
    expires_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    user_agent: 'bench',
  }));
  await inBatches(sessions, async (chunk) => {
    await db.insertInto('device_sessions').values(chunk).execute();
    return [];
  });
  return sessions.map((session) => ({
    userId: session.user_id,
    deviceId: session.device_id,
    token: signAccessToken(
      jwt,
      { userId: session.user_id, tenantId, sessionId: session.id, deviceId: session.device_id },
      now,
    ),
  }));
}

/** One active Secondary3 course whose units hold `lessons(position)` each; returns the ids in order. */
export async function insertCourse(
  scope: SeedScope,
  name: string,
  unitCount: number,
  lessonsOfUnit: readonly ('Video' | 'Quiz')[],
): Promise<{ courseId: number; unitIds: number[]; lessonIds: number[][] }> {
  const { db, tenantId, now } = scope;
  const nowIso = now.toISOString();
  const course = await db
    .insertInto('courses')
    .values({
      tenant_id: tenantId,
      teacher_id: null,
      name,
      subject: 'chemistry',
      description: 'مقرر القياس',
      image_path: null,
      price_cents: 10_000,
      term: 'First',
      grade: BENCH_GRADE,
      active: 1,
      open_to_all: 0,
      created_at: nowIso,
      modified_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const units = await inBatches(unitRows(tenantId, course.id, unitCount, nowIso), (chunk) =>
    db.insertInto('units').values(chunk).returning('id').execute(),
  );
  const lessonRows = units.flatMap((unit) =>
    lessonsOfUnit.map((type, position): Insertable<LessonTable> => ({
      tenant_id: tenantId,
      unit_id: unit.id,
      position,
      name: type === 'Quiz' ? `اختبار ${position + 1}` : `الدرس ${position + 1}`,
      type,
      video_url: type === 'Video' ? VIDEO_URL : null,
      titel: type === 'Quiz' ? 'أجب عن جميع الأسئلة' : null,
      created_at: nowIso,
    })),
  );
  const lessons = await inBatches(lessonRows, (chunk) =>
    db.insertInto('lessons').values(chunk).returning('id').execute(),
  );
  const per = lessonsOfUnit.length;
  return {
    courseId: course.id,
    unitIds: units.map((unit) => unit.id),
    lessonIds: units.map((_, u) => lessons.slice(u * per, (u + 1) * per).map((lesson) => lesson.id)),
  };
}

/** `questions` questions of four answers each (the first answer correct) on a quiz lesson. */
export async function insertQuestions(scope: SeedScope, lessonId: number, questions: number): Promise<void> {
  const { db, tenantId } = scope;
  for (let position = 0; position < questions; position += 1) {
    const question = await db
      .insertInto('quiz_questions')
      .values({ tenant_id: tenantId, lesson_id: lessonId, position, text: `السؤال ${position + 1}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('quiz_answers')
      .values(
        [0, 1, 2, 3].map((answer) => ({
          tenant_id: tenantId,
          question_id: question.id,
          position: answer,
          text: `الإجابة ${answer + 1}`,
          is_correct: answer === 0 ? (1 as const) : (0 as const),
        })),
      )
      .execute();
  }
}

/** Enrols every user in the course an hour ago: its first unit is open. */
export async function enrol(scope: SeedScope, userIds: readonly number[], courseId: number): Promise<void> {
  const enrolledAt = new Date(scope.now.getTime() - 3_600_000).toISOString();
  await inBatches(
    userIds.map((userId) => ({
      tenant_id: scope.tenantId,
      user_id: userId,
      course_id: courseId,
      enrolled_at: enrolledAt,
      source: 'admin' as const,
      code_id: null,
    })),
    async (chunk) => {
      await scope.db.insertInto('enrollments').values(chunk).execute();
      return [];
    },
  );
}

/** The weekly quiz: one course, one unit of three videos and a quiz of 5 questions, `count` students in it. */
export type QuizStartSeed = { lessonId: number; students: DirectStudent[] };

export async function seedQuizStart(scope: SeedScope, count: number, exam = false): Promise<QuizStartSeed> {
  return scope.db.transaction().execute(async (trx) => {
    const inTrx = { ...scope, db: trx };
    const course = await insertCourse(inTrx, 'مقرر الاختبار الأسبوعي', 1, [
      'Video',
      'Video',
      'Video',
      'Quiz',
    ]);
    const lessonId = course.lessonIds[0]![3]!;
    await insertQuestions(inTrx, lessonId, 5);
    if (exam) await makeExam(inTrx, course.courseId, lessonId);
    const students = await insertStudents(inTrx, 'quiz', count);
    await enrol(
      inTrx,
      students.map((student) => student.userId),
      course.courseId,
    );
    return { lessonId, students };
  });
}

/** A school of its own for bench/schools.ts: a one-video course and one student enrolled in it. */
export type SchoolSeed = { slug: string; lessonId: number; student: DirectStudent };

export async function seedSchool(scope: SeedScope, slug: string): Promise<SchoolSeed> {
  const course = await insertCourse(scope, `مقرر ${slug}`, 1, ['Video']);
  const [student] = await insertStudents(scope, 'school', 1);
  await enrol(scope, [student!.userId], course.courseId);
  return { slug, lessonId: course.lessonIds[0]![0]!, student: student! };
}

const EXAM_TOPICS = ['الحركة', 'الطاقة', 'الموجات'] as const;
const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

/**
 * The weekly exam (issue 20, bench/exam-start.ts): a bank of 60 questions (20 per topic, difficulties
 * in turn, four answers with the first correct) and settings that draw 10 of them per attempt (4 of
 * the first topic, 3 of the second, 3 of any), 30 minutes, one attempt, the review after the deadline.
 */
async function makeExam(scope: SeedScope, courseId: number, lessonId: number): Promise<void> {
  const { db, tenantId, now } = scope;
  const nowIso = now.toISOString();
  await db
    .insertInto('bank_questions')
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        tenant_id: tenantId,
        course_id: courseId,
        text: `سؤال البنك ${i + 1}`,
        image_file: null,
        explanation: `شرح السؤال ${i + 1}`,
        difficulty: DIFFICULTIES[i % 3]!,
        topic: EXAM_TOPICS[Math.floor(i / 20)]!,
        answers_json: JSON.stringify(
          [1, 2, 3, 4].map((answer) => ({ text: `الإجابة ${answer}`, isCorrect: answer === 1 })),
        ),
        archived_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      })),
    )
    .execute();
  await db
    .insertInto('quiz_settings')
    .values({
      lesson_id: lessonId,
      tenant_id: tenantId,
      source: 'bank',
      draw_json: JSON.stringify([
        { topic: EXAM_TOPICS[0], difficulty: null, count: 4 },
        { topic: EXAM_TOPICS[1], difficulty: null, count: 3 },
        { topic: null, difficulty: null, count: 3 },
      ]),
      time_limit_minutes: 30,
      pass_mark: 50,
      attempts_allowed: 1,
      counts: 'best',
      review: 'after-deadline',
      show_explanations: 1,
      opens_at: null,
      closes_at: null,
      updated_at: nowIso,
    })
    .execute();
}

/**
 * For each size N: a student holding N unlocked units (the first N units of one course of the largest
 * size, unlocked an hour ago), and a course of N units that a student of its own is enrolled in (so
 * the progress a tree read carries is that course's, not every size's), with the video of the first
 * half of its units completed. Every unit holds a video and a quiz (no questions).
 */
export type ScalingSeed = {
  myLectures: { units: number; student: DirectStudent }[];
  trees: { units: number; courseId: number; student: DirectStudent }[];
};

export async function seedScaling(scope: SeedScope, sizes: readonly number[]): Promise<ScalingSeed> {
  return scope.db.transaction().execute(async (trx) => {
    const inTrx = { ...scope, db: trx };
    const unlockedAt = new Date(scope.now.getTime() - 3_600_000).toISOString();
    const lectures = await insertCourse(inTrx, 'مقرر المحاضرات', Math.max(...sizes), ['Video', 'Quiz']);
    const students = await insertStudents(inTrx, 'scale', 2 * sizes.length);
    const holders = students.slice(0, sizes.length);
    const treeStudents = students.slice(sizes.length);
    const myLectures = [];
    for (const [k, units] of sizes.entries()) {
      const student = holders[k]!;
      await inBatches(lectures.unitIds.slice(0, units), async (chunk) => {
        await trx
          .insertInto('unit_unlocks')
          .values(
            chunk.map((unitId) => ({
              tenant_id: scope.tenantId,
              user_id: student.userId,
              unit_id: unitId,
              code_id: null,
              unlocked_at: unlockedAt,
            })),
          )
          .execute();
        return [];
      });
      myLectures.push({ units, student });
    }
    const trees = [];
    for (const [k, units] of sizes.entries()) {
      const treeStudent = treeStudents[k]!;
      const course = await insertCourse(inTrx, `مقرر من ${units} وحدة`, units, ['Video', 'Quiz']);
      await enrol(inTrx, [treeStudent.userId], course.courseId);
      await inBatches(course.lessonIds.slice(0, Math.ceil(units / 2)), async (chunk) => {
        await trx
          .insertInto('lesson_completions')
          .values(
            chunk.map((lessons) => ({
              tenant_id: scope.tenantId,
              user_id: treeStudent.userId,
              lesson_id: lessons[0]!,
              completed_at: unlockedAt,
            })),
          )
          .execute();
        return [];
      });
      trees.push({ units, courseId: course.courseId, student: treeStudent });
    }
    return { myLectures, trees };
  });
}

/** What a long-running database would have: statistics (PostgreSQL), a checkpointed log (SQLite). */
export async function settle(db: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`vacuum (analyze)`.execute(db);
  else await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
