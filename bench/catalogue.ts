// The large catalogue the learning routes are measured on, written straight into the database by the
// server child (bench/server.ts) through the app's own Kysely connection: the same dialect, pool and
// SQLite file the measured routes then read, no second writer, and no HTTP or argon2 per row. Over the
// API this would take hours (10,000 registrations hash 10,000 passwords); here every student shares
// one precomputed hash and rows go in as multi-row inserts of at most BATCH rows, one transaction per
// phase.
//
// Shape (fixed, so runs compare): 200 courses over all grades (40% in Secondary3, so CourseActive has
// many pages; every 10th course inactive), each with 10 units × 8 lessons, every 4th lesson a quiz of
// 5 questions × 4 answers with exactly one correct, the other lessons videos; 10,000 students, 60% of
// them enrolled in two active courses of their grade two days ago (every unit is then open), with a
// random amount of progress: whole units done (videos completed, quizzes submitted) and a few videos
// of the next one. The data is drawn from a fixed-seed generator: SQLite and PostgreSQL get the same.
import { sql, type Insertable } from 'kysely';
import type { Db, DialectName } from '../apps/server/src/db/connect';
import type { CourseTable, NewUser, QuizAnswerTable } from '../apps/server/src/db/schema';

/** Rows per INSERT: far under SQLite's bound-parameter limit (13 columns × 500 = 6,500). */
const BATCH = 500;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const CATALOGUE_SHAPE = {
  courses: 200,
  unitsPerCourse: 10,
  lessonsPerUnit: 8,
  /** Lessons at positions 3, 7, ... (1-based 4, 8, ...) are quizzes. */
  quizEvery: 4,
  questionsPerQuiz: 5,
  answersPerQuestion: 4,
  teachers: 10,
  students: 10_000,
  enrolledShare: 0.6,
  coursesPerStudent: 2,
  /** Enrolled this long ago: unit i stays open 7·(i+1) days, so every unit is open. */
  enrolledDaysAgo: 2,
} as const;

export const VIDEO_URL = '/media/sample-lesson.mp4';

/** Courses per grade (sums to 200): a large Secondary3 share, the rest spread over the other grades. */
const GRADE_PLAN: readonly (readonly [string, number])[] = [
  ['Secondary3', 80],
  ['Secondary1', 30],
  ['Secondary2', 30],
  ['Oman4', 6],
  ['Oman5', 6],
  ['Oman6', 6],
  ['Oman7', 7],
  ['Oman8', 7],
  ['Oman9', 7],
  ['Oman10', 7],
  ['Oman11', 7],
  ['Oman12', 7],
];
const SUBJECTS = ['chemistry', 'physics', 'biology', 'math', 'arabic', 'english', 'history', 'geology'];
const TERMS = ['First', 'Second', 'Summer'] as const;
export const BENCH_GRADE = 'Secondary3';
/** The index of the student the bench logs in as (student-00001). */
const BENCH_STUDENT = 1;

export type CatalogueSeedInput = { tenantSlug: string; passwordHash: string; now: Date; seed?: number };

export type CatalogueSeed = {
  tenantId: number;
  counts: Record<string, number>;
  /** Milliseconds per phase, in order. */
  phases: Record<string, number>;
  /** The student the bench logs in as: enrolled, with progress, in `courseId`. */
  student: { id: number; email: string };
  courseId: number;
  grade: string;
  /** Unit 0, position 0: a video before any quiz, so never locked. */
  videoLessonId: number;
  /** Unit 0, the first quiz (already submitted by the bench student, so its result is sent too). */
  quizLessonId: number;
  /** Active courses in `grade`: CourseActive's totalCount. */
  activeInGrade: number;
};

/** mulberry32: small, fast, and the same sequence on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (below: number) => Math.floor(next() * below) };
}

function shuffle<T>(items: T[], int: (below: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = int(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

export async function inBatches<Row, Out>(rows: readonly Row[], insert: (chunk: Row[]) => Promise<Out[]>) {
  const out: Out[] = [];
  for (let start = 0; start < rows.length; start += BATCH)
    for (const row of await insert(rows.slice(start, start + BATCH))) out.push(row);
  return out;
}

/** The rows of a course's `count` units, positions 0 to count − 1. */
export const unitRows = (tenantId: number, courseId: number, count: number, nowIso: string) =>
  Array.from({ length: count }, (_, position) => ({
    tenant_id: tenantId,
    course_id: courseId,
    position,
    name: `الوحدة ${position + 1}`,
    title: `عنوان الوحدة ${position + 1}`,
    created_at: nowIso,
  }));

const isQuizPosition = (position: number) => (position + 1) % CATALOGUE_SHAPE.quizEvery === 0;
const keyOf = (parent: number, position: number) => `${parent}:${position}`;

function need<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: no row for ${key}`);
  return value;
}

export async function seedCatalogue(
  db: Db,
  dialect: DialectName,
  input: CatalogueSeedInput,
): Promise<CatalogueSeed> {
  const shape = CATALOGUE_SHAPE;
  const random = generator(input.seed ?? 20_240_601);
  const nowIso = input.now.toISOString();
  const phases: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    phases[name] = Math.round(performance.now() - started);
    return result;
  };

  const tenant = await db
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', input.tenantSlug)
    .executeTakeFirst();
  if (!tenant) throw new Error(`seed: tenant ${input.tenantSlug} does not exist`);
  const tenantId = tenant.id;

  // ---- Catalogue: teachers, courses, units, lessons, questions, answers.
  const catalogue = await timed('catalogue', () =>
    db.transaction().execute(async (trx) => {
      const teachers = await trx
        .insertInto('teachers')
        .values(
          Array.from({ length: shape.teachers }, (_, i) => ({
            tenant_id: tenantId,
            name: `أستاذ القياس ${i + 1}`,
            title: 'مدرس أول',
            photo_url: '/media/teacher.svg',
            bio: 'معلم بخبرة طويلة في تدريس المرحلة الثانوية.',
            credentials_json: JSON.stringify(['ليسانس تربية', 'دبلوم مهني']),
            methods_json: JSON.stringify(['شرح مبسط', 'تدريبات أسبوعية']),
            created_at: nowIso,
          })),
        )
        .returning('id')
        .execute();

      const grades = shuffle(
        GRADE_PLAN.flatMap(([grade, count]) => Array.from({ length: count }, () => grade)),
        random.int,
      );
      if (grades.length !== shape.courses)
        throw new Error('seed: GRADE_PLAN does not sum to the course count');
      const courseRows = grades.map((grade, i): Insertable<CourseTable> => ({
        tenant_id: tenantId,
        teacher_id: teachers[i % teachers.length]?.id ?? null,
        name: `مقرر القياس رقم ${i + 1}`,
        subject: SUBJECTS[i % SUBJECTS.length] ?? null,
        description: 'شرح كامل للمنهج مع فيديوهات واختبارات قصيرة بعد كل جزء، ومراجعة نهائية قبل الامتحان.',
        image_path: i % 3 === 0 ? null : '/media/courses/chemistry.svg',
        price_cents: 15_000 + (i % 10) * 2_500,
        term: TERMS[i % TERMS.length] ?? 'First',
        grade,
        active: i % 10 === 9 ? 0 : 1,
        open_to_all: i % 25 === 24 ? 1 : 0,
        created_at: nowIso,
        modified_at: nowIso,
      }));
      const courses = await inBatches(courseRows, (chunk) =>
        trx.insertInto('courses').values(chunk).returning(['id', 'grade', 'active', 'open_to_all']).execute(),
      );

      const units = await inBatches(
        courses.flatMap((course) => unitRows(tenantId, course.id, shape.unitsPerCourse, nowIso)),
        (chunk) => trx.insertInto('units').values(chunk).returning(['id', 'course_id', 'position']).execute(),
      );
      const unitAt = new Map(units.map((unit) => [keyOf(unit.course_id, unit.position), unit.id]));

      const lessons = await inBatches(
        units.flatMap((unit) =>
          Array.from({ length: shape.lessonsPerUnit }, (_, position) => {
            const quiz = isQuizPosition(position);
            return {
              tenant_id: tenantId,
              unit_id: unit.id,
              position,
              name: quiz ? `اختبار قصير ${position + 1}` : `الدرس ${position + 1}`,
              type: quiz ? ('Quiz' as const) : ('Video' as const),
              video_url: quiz ? null : VIDEO_URL,
              attachment_url: null,
              attachment_title: null,
              attachment_file: null,
              titel: quiz ? 'أجب عن جميع الأسئلة' : null,
              created_at: nowIso,
            };
          }),
        ),
        (chunk) => trx.insertInto('lessons').values(chunk).returning(['id', 'unit_id', 'position']).execute(),
      );
      const lessonAt = new Map(lessons.map((lesson) => [keyOf(lesson.unit_id, lesson.position), lesson.id]));

      const quizIds = lessons.filter((lesson) => isQuizPosition(lesson.position)).map((lesson) => lesson.id);
      const questions = await inBatches(
        quizIds.flatMap((lessonId) =>
          Array.from({ length: shape.questionsPerQuiz }, (_, position) => ({
            tenant_id: tenantId,
            lesson_id: lessonId,
            position,
            text: `السؤال ${position + 1}: اختر الإجابة الصحيحة`,
          })),
        ),
        (chunk) =>
          trx.insertInto('quiz_questions').values(chunk).returning(['id', 'lesson_id', 'position']).execute(),
      );
      const correctPosition = (questionPosition: number) => questionPosition % shape.answersPerQuestion;
      const answers = await inBatches(
        questions.flatMap((question) =>
          Array.from({ length: shape.answersPerQuestion }, (_, position): Insertable<QuizAnswerTable> => ({
            tenant_id: tenantId,
            question_id: question.id,
            position,
            text: `الإجابة ${position + 1}`,
            is_correct: position === correctPosition(question.position) ? 1 : 0,
          })),
        ),
        (chunk) =>
          trx.insertInto('quiz_answers').values(chunk).returning(['id', 'question_id', 'position']).execute(),
      );

      // Per quiz, the stored review a student would get with 0..5 right answers (a wrong choice is the
      // answer after the correct one), so quiz_results hold real question and answer ids.
      const quizAnswers = new Map<number, { questionId: number; correct: number; wrong: number }[]>();
      const answerAt = new Map(
        answers.map((answer) => [keyOf(answer.question_id, answer.position), answer.id]),
      );
      for (const question of questions) {
        const right = correctPosition(question.position);
        const list = quizAnswers.get(question.lesson_id) ?? [];
        list[question.position] = {
          questionId: question.id,
          correct: need(answerAt, keyOf(question.id, right)),
          wrong: need(answerAt, keyOf(question.id, (right + 1) % shape.answersPerQuestion)),
        };
        quizAnswers.set(question.lesson_id, list);
      }
      return {
        courses,
        unitAt,
        lessonAt,
        quizAnswers,
        counts: {
          teachers: teachers.length,
          units: units.length,
          lessons: lessons.length,
          questions: questions.length,
          answers: answers.length,
        },
      };
    }),
  );

  // ---- Students: one argon2 hash for all, unique emails and phones.
  const studentGrades = Array.from({ length: shape.students }, (_, i) => {
    if (i === BENCH_STUDENT) return BENCH_GRADE;
    const draw = random.next();
    if (draw < 0.4) return 'Secondary3';
    if (draw < 0.6) return 'Secondary1';
    if (draw < 0.8) return 'Secondary2';
    return GRADE_PLAN[3 + random.int(GRADE_PLAN.length - 3)]?.[0] ?? 'Oman4';
  });
  const students = await timed('students', () =>
    db.transaction().execute((trx) =>
      inBatches(
        studentGrades.map((grade, i): NewUser => ({
          tenant_id: tenantId,
          name: `طالب القياس ${i + 1}`,
          email: studentEmail(i),
          phone: `010${String(i).padStart(8, '0')}`,
          parent_phone: '01111111111',
          academic_year: grade,
          is_online: i % 5 === 0 ? 0 : 1,
          role: 'student',
          password_hash: input.passwordHash,
          email_confirmed_at: nowIso,
          created_at: nowIso,
          updated_at: nowIso,
        })),
        (chunk) => trx.insertInto('users').values(chunk).returning(['id', 'email']).execute(),
      ),
    ),
  );
  const studentId = new Map(students.map((student) => [student.email, student.id]));

  // ---- Enrolments (two days ago) and progress.
  const activeByGrade = new Map<string, number[]>();
  for (const course of catalogue.courses)
    if (course.active === 1)
      activeByGrade.set(course.grade, [...(activeByGrade.get(course.grade) ?? []), course.id]);
  const benchCourses = (activeByGrade.get(BENCH_GRADE) ?? []).filter(
    (id) => catalogue.courses.find((course) => course.id === id)?.open_to_all === 0,
  );
  // A course in the middle of the grade's list, not the first row the catalogue page returns.
  const benchCourseId = benchCourses[Math.floor(benchCourses.length / 2)];
  if (benchCourseId === undefined) throw new Error('seed: no active Secondary3 course for the bench student');

  const enrolledAt = new Date(input.now.getTime() - shape.enrolledDaysAgo * DAY_MS);
  const enrolments: { user_id: number; course_id: number; unitsDone: number; videosNext: number }[] = [];
  for (const [index, grade] of studentGrades.entries()) {
    const bench = index === BENCH_STUDENT;
    if (!bench && random.next() >= shape.enrolledShare) continue;
    const userId = need(studentId, studentEmail(index));
    const pool = activeByGrade.get(grade) ?? [];
    const chosen = new Set<number>(bench ? [benchCourseId] : []);
    while (chosen.size < Math.min(shape.coursesPerStudent, pool.length))
      chosen.add(pool[random.int(pool.length)] as number);
    for (const courseId of chosen)
      enrolments.push({
        user_id: userId,
        course_id: courseId,
        // The bench student: units 0 and 1 done, two videos of unit 2.
        unitsDone: bench && courseId === benchCourseId ? 2 : random.int(3),
        videosNext: bench && courseId === benchCourseId ? 2 : random.int(4),
      });
  }

  const videosPerUnit = Array.from({ length: shape.lessonsPerUnit }, (_, p) => p).filter(
    (p) => !isQuizPosition(p),
  );
  const quizzesPerUnit = Array.from({ length: shape.lessonsPerUnit }, (_, p) => p).filter(isQuizPosition);
  const completions: { tenant_id: number; user_id: number; lesson_id: number; completed_at: string }[] = [];
  const results: {
    tenant_id: number;
    user_id: number;
    lesson_id: number;
    score: number;
    correct_count: number;
    total: number;
    answers_json: string;
    submitted_at: string;
  }[] = [];
  for (const enrolment of enrolments) {
    let hour = 1;
    const at = () => new Date(enrolledAt.getTime() + (hour++ % 40) * HOUR_MS).toISOString();
    for (let unit = 0; unit <= enrolment.unitsDone && unit < shape.unitsPerCourse; unit += 1) {
      const unitId = need(catalogue.unitAt, keyOf(enrolment.course_id, unit));
      const done = unit < enrolment.unitsDone;
      const videos = done ? videosPerUnit : videosPerUnit.slice(0, enrolment.videosNext).filter((p) => p < 3);
      for (const position of videos)
        completions.push({
          tenant_id: tenantId,
          user_id: enrolment.user_id,
          lesson_id: need(catalogue.lessonAt, keyOf(unitId, position)),
          completed_at: at(),
        });
      if (!done) continue;
      for (const position of quizzesPerUnit) {
        const lessonId = need(catalogue.lessonAt, keyOf(unitId, position));
        const quiz = catalogue.quizAnswers.get(lessonId) ?? [];
        const right = random.int(quiz.length + 1);
        const review = quiz.map((q, i) => ({
          questionId: q.questionId,
          chosenAnswerId: i < right ? q.correct : q.wrong,
          correctAnswerId: q.correct,
          isCorrect: i < right,
        }));
        results.push({
          tenant_id: tenantId,
          user_id: enrolment.user_id,
          lesson_id: lessonId,
          score: quiz.length > 0 ? Math.round((100 * right) / quiz.length) : 0,
          correct_count: right,
          total: quiz.length,
          answers_json: JSON.stringify(review),
          submitted_at: at(),
        });
      }
    }
  }

  await timed('enrolments+progress', () =>
    db.transaction().execute(async (trx) => {
      await inBatches(
        enrolments.map((e) => ({
          tenant_id: tenantId,
          user_id: e.user_id,
          course_id: e.course_id,
          enrolled_at: enrolledAt.toISOString(),
          source: 'admin' as const,
          code_id: null,
        })),
        async (chunk) => {
          await trx.insertInto('enrollments').values(chunk).execute();
          return [];
        },
      );
      await inBatches(completions, async (chunk) => {
        await trx.insertInto('lesson_completions').values(chunk).execute();
        return [];
      });
      await inBatches(results, async (chunk) => {
        await trx.insertInto('quiz_results').values(chunk).execute();
        return [];
      });
    }),
  );

  // PostgreSQL: a freshly bulk-loaded table has no statistics and no visibility map until autovacuum
  // gets to it, some time later, in the middle of the run. Doing its work now keeps plans steady
  // across the routes. SQLite gets no ANALYZE (the app never runs it), only what a long-running
  // database would have had long ago: its write-ahead log checkpointed into the main file.
  if (dialect === 'postgres') await timed('vacuum analyze', () => sql`vacuum (analyze)`.execute(db));
  else await timed('wal checkpoint', () => sql`pragma wal_checkpoint(truncate)`.execute(db));

  const benchUnit0 = need(catalogue.unitAt, keyOf(benchCourseId, 0));
  return {
    tenantId,
    counts: {
      courses: catalogue.courses.length,
      ...catalogue.counts,
      students: students.length,
      enrollments: enrolments.length,
      lesson_completions: completions.length,
      quiz_results: results.length,
    },
    phases,
    student: { id: need(studentId, studentEmail(BENCH_STUDENT)), email: studentEmail(BENCH_STUDENT) },
    courseId: benchCourseId,
    grade: BENCH_GRADE,
    videoLessonId: need(catalogue.lessonAt, keyOf(benchUnit0, 0)),
    quizLessonId: need(catalogue.lessonAt, keyOf(benchUnit0, quizzesPerUnit[0] ?? 3)),
    activeInGrade: activeByGrade.get(BENCH_GRADE)?.length ?? 0,
  };
}

const studentEmail = (index: number) => `student-${String(index).padStart(5, '0')}@bench.example.com`;
