// The demo catalogue on a fresh database: what it contains, the demo student's history, and that
// loading it again (or twice at once) changes nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isWellFormedCode, quizScore, SUBJECTS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { connectDatabase, type DbHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { DEMO_BOOKS } from '../src/demo/books';
import { DEMO_COURSES } from '../src/demo/catalogue';
import { formatDemoSummary, loadDemo, type DemoSummary } from '../src/demo/load-demo';
import { SAMPLE_NOTES_PDF } from '../src/demo/media';
import { verifyPassword } from '../src/modules/auth/passwords';
import { TenantDirectory } from '../src/modules/tenants/directory';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { TestClock } from './support/test-clock';

const DAY_MS = 86_400_000;
const TENANT_TABLES = [
  'teachers',
  'courses',
  'units',
  'lessons',
  'quiz_questions',
  'quiz_answers',
  'users',
  'enrollment_codes',
  'unit_codes',
  'enrollments',
  'unit_unlocks',
  'lesson_completions',
  'quiz_results',
  'books',
  'bank_questions',
] as const satisfies readonly (keyof Database)[];

let database: TestDatabase;
/** The app's connection (the demo loads through it) and, for checks, every tenant's rows. */
let app: DbHandle;
let handle: DbHandle;
let dataDir: string;
let tenantId: number;
let first: DemoSummary;
const clock = new TestClock();
const directory = () => new TenantDirectory(handle.db);

async function countRows(table: (typeof TENANT_TABLES)[number], tenant: number): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select(handle.db.fn.countAll().as('n'))
    .where('tenant_id', '=', tenant)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function snapshot(tenant: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TENANT_TABLES) counts[table] = await countRows(table, tenant);
  return counts;
}

const uploadedFiles = (tenant: number) => readdirSync(join(dataDir, 'uploads', String(tenant))).sort();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(48) });
  dataDir = config.dataDir;
  app = connectDatabase(config.database);
  await migrateToLatest(app);
  handle = connectDatabase(loadConfig({ ...database.fixtureEnv, JWT_SECRET: 'x'.repeat(48) }).database);
  const tenant = await directory().ensure(
    { slug: 'tenant8', name: 'منصة التعلم', timeZone: 'Africa/Cairo' },
    clock,
  );
  tenantId = tenant.id;
  first = await loadDemo({ db: app.db, tenantId, clock, dataDir });
});

afterAll(async () => {
  if (handle !== app) await handle.close();
  await app.close();
  await database.drop();
});

describe('the demo catalogue', () => {
  it('covers the three Egyptian grades and several Omani ones, with active and inactive courses', async () => {
    expect(first.created).toBe(true);
    const courses = await handle.db
      .selectFrom('courses')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(courses).toHaveLength(DEMO_COURSES.length);
    const perGrade = (active: 0 | 1) =>
      Object.fromEntries(
        ['Secondary1', 'Secondary2', 'Secondary3', 'Oman10', 'Oman11', 'Oman12'].map((grade) => [
          grade,
          courses.filter((c) => c.grade === grade && c.active === active).length,
        ]),
      );
    expect(perGrade(1)).toEqual({
      Secondary1: 2,
      Secondary2: 2,
      Secondary3: 4,
      Oman10: 1,
      Oman11: 1,
      Oman12: 1,
    });
    expect(perGrade(0)).toEqual({
      Secondary1: 0,
      Secondary2: 1,
      Secondary3: 0,
      Oman10: 0,
      Oman11: 0,
      Oman12: 1,
    });
  });

  it('has free and paid, open-to-all and weekly courses, in the three terms, with known subjects', async () => {
    const courses = await handle.db
      .selectFrom('courses')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('active', '=', 1)
      .execute();
    const free = courses.filter((c) => c.price_cents === 0);
    const paid = courses.filter((c) => c.price_cents > 0);
    expect(free.length).toBeGreaterThan(0);
    expect(paid.length).toBeGreaterThan(0);
    for (const course of paid) {
      expect(course.price_cents).toBeGreaterThanOrEqual(4999);
      expect(course.price_cents).toBeLessThanOrEqual(19900);
      expect(Number.isInteger(course.price_cents)).toBe(true);
    }
    expect(courses.some((c) => c.open_to_all === 1)).toBe(true);
    expect(courses.some((c) => c.open_to_all === 0)).toBe(true);
    expect(new Set(courses.map((c) => c.term))).toEqual(new Set(['First', 'Second', 'Summer']));
    expect(courses.filter((c) => c.term === 'Summer')).toHaveLength(1);
    const subjects = new Set(courses.map((c) => c.subject));
    for (const subject of subjects) expect(Object.keys(SUBJECTS)).toContain(subject);
    for (const subject of ['chemistry', 'physics', 'philosophy', 'logic', 'psychology']) {
      expect(subjects).toContain(subject);
    }
    const all = await handle.db
      .selectFrom('courses')
      .select('subject')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(all.map((c) => c.subject)).toContain('sociology');
  });

  it('gives every course 3-5 units and every unit 3-5 lessons that mix videos and quizzes', async () => {
    const courses = await handle.db
      .selectFrom('courses')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .execute();
    const units = await handle.db.selectFrom('units').selectAll().where('tenant_id', '=', tenantId).execute();
    const lessons = await handle.db
      .selectFrom('lessons')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .execute();
    let quizBetweenVideos = 0;
    for (const course of courses) {
      const ofCourse = units.filter((u) => u.course_id === course.id).sort((a, b) => a.position - b.position);
      expect(ofCourse.length).toBeGreaterThanOrEqual(3);
      expect(ofCourse.length).toBeLessThanOrEqual(5);
      expect(ofCourse.map((u) => u.position)).toEqual(ofCourse.map((_u, index) => index + 1));
      for (const unit of ofCourse) {
        const types = lessons.filter((l) => l.unit_id === unit.id).map((l) => l.type);
        expect(types.length).toBeGreaterThanOrEqual(3);
        expect(types.length).toBeLessThanOrEqual(5);
        expect(types).toContain('Video');
        expect(types).toContain('Quiz');
        const quizAt = types.indexOf('Quiz');
        if (types.slice(0, quizAt).includes('Video') && types.slice(quizAt + 1).includes('Video'))
          quizBetweenVideos++;
      }
    }
    expect(quizBetweenVideos).toBeGreaterThan(0);
  });

  it('gives every quiz a subtitle and 3-5 questions of four answers with exactly one correct', async () => {
    const quizzes = await handle.db
      .selectFrom('lessons')
      .select(['id', 'titel', 'video_url'])
      .where('tenant_id', '=', tenantId)
      .where('type', '=', 'Quiz')
      .execute();
    const questions = await handle.db
      .selectFrom('quiz_questions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    const answers = await handle.db
      .selectFrom('quiz_answers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(quizzes.length).toBeGreaterThan(20);
    const correctPositions = new Set<number>();
    for (const quiz of quizzes) {
      expect(quiz.titel?.trim()).toBeTruthy();
      expect(quiz.video_url).toBeNull();
      const own = questions.filter((q) => q.lesson_id === quiz.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(5);
      for (const question of own) {
        const options = answers.filter((a) => a.question_id === question.id);
        expect(options).toHaveLength(4);
        expect(options.filter((a) => a.is_correct === 1)).toHaveLength(1);
        expect(new Set(options.map((a) => a.text)).size).toBe(4);
        correctPositions.add(options.find((a) => a.is_correct === 1)!.position);
      }
    }
    // The correct answer is not always in the same place.
    expect(correctPositions.size).toBe(4);
  });

  it("gives every course a question bank of its quizzes' questions, tagged by unit and by place in the quiz", async () => {
    const bank = await handle.db
      .selectFrom('bank_questions as b')
      .innerJoin('courses as c', 'c.id', 'b.course_id')
      .select(['b.course_id', 'b.text', 'b.topic', 'b.difficulty', 'b.answers_json'])
      .where('b.tenant_id', '=', tenantId)
      .execute();
    const quizQuestions = await handle.db
      .selectFrom('quiz_questions as q')
      .innerJoin('lessons as l', 'l.id', 'q.lesson_id')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .innerJoin('quiz_answers as a', (join) =>
        join.onRef('a.question_id', '=', 'q.id').on('a.is_correct', '=', 1),
      )
      .select(['u.course_id', 'u.name as unit', 'q.text', 'a.text as correct'])
      .where('q.tenant_id', '=', tenantId)
      .execute();
    expect(bank).toHaveLength(quizQuestions.length);
    for (const question of quizQuestions) {
      const inBank = bank.find((b) => b.course_id === question.course_id && b.text === question.text);
      expect(inBank, question.text).toBeDefined();
      expect(inBank!.topic).toBe(question.unit.slice(0, 100));
      const answers = JSON.parse(inBank!.answers_json) as { text: string; isCorrect: boolean }[];
      expect(answers).toHaveLength(4);
      expect(answers.filter((a) => a.isCorrect).map((a) => a.text)).toEqual([question.correct]);
    }
    expect(new Set(bank.map((b) => b.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
  });

  it('plays the sample video or a YouTube URL, and stores uploaded attachments under DATA_DIR/uploads', async () => {
    const videos = await handle.db
      .selectFrom('lessons')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('type', '=', 'Video')
      .execute();
    for (const lesson of videos) {
      expect(lesson.video_url).toMatch(
        /^(\/media\/sample-lesson\.mp4|https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11})$/,
      );
    }
    expect(videos.filter((l) => l.video_url?.startsWith('https://www.youtube.com/')).length).toBeGreaterThan(
      0,
    );

    const uploads = videos.filter((l) => l.attachment_file !== null);
    expect(uploads.length).toBeGreaterThan(0);
    const sample = readFileSync(SAMPLE_NOTES_PDF);
    for (const lesson of uploads) {
      expect(lesson.attachment_file).toMatch(new RegExp(`^${tenantId}/[0-9a-f]{32}\\.pdf$`));
      expect(lesson.attachment_title?.trim()).toBeTruthy();
      expect(readFileSync(join(dataDir, 'uploads', lesson.attachment_file!)).equals(sample)).toBe(true);
    }
    expect(uploadedFiles(tenantId)).toHaveLength(uploads.length);

    const links = videos.filter((l) => l.attachment_url !== null);
    expect(links.length).toBeGreaterThan(0);
    for (const lesson of links) {
      expect(lesson.attachment_url).toMatch(/^https:\/\//);
      expect(lesson.attachment_title?.trim()).toBeTruthy();
    }
  });

  it('has an Arabic-language teacher with a full profile, and a teacher for every course', async () => {
    const teachers = await handle.db
      .selectFrom('teachers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    const arabic = teachers.find((t) => t.photo_url === '/media/teacher.svg');
    expect(arabic?.bio?.length).toBeGreaterThan(50);
    for (const json of [arabic!.credentials_json, arabic!.methods_json]) {
      const list: unknown = JSON.parse(json);
      expect(
        Array.isArray(list) && list.length > 0 && list.every((s) => typeof s === 'string' && s.length > 0),
      ).toBe(true);
    }
    const arabicCourses = await handle.db
      .selectFrom('courses')
      .select('teacher_id')
      .where('tenant_id', '=', tenantId)
      .where('subject', '=', 'arabic')
      .execute();
    expect(arabicCourses.map((c) => c.teacher_id)).toEqual([arabic!.id]);
    const withoutTeacher = await handle.db
      .selectFrom('courses')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('teacher_id', 'is', null)
      .execute();
    expect(withoutTeacher).toEqual([]);
  });

  it('has a few active printed books of Egyptian and Omani grades, for the home page', async () => {
    const books = await handle.db
      .selectFrom('books')
      .select(['title', 'grade', 'price_cents', 'active'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
    expect(books.map((book) => book.title)).toEqual(DEMO_BOOKS.map((book) => book.title));
    expect(books.every((book) => book.active === 1 && book.price_cents > 0)).toBe(true);
    expect(new Set(books.map((book) => book.grade))).toEqual(new Set(['Secondary3', 'Secondary2', 'Oman10']));
  });

  it("sets the tenant's contact links", async () => {
    const tenant = await directory().byId(tenantId);
    expect(tenant).toMatchObject({ whatsapp_number: '201000000000' });
    for (const url of [tenant!.facebook_page, tenant!.youtube_channel, tenant!.tiktok_channel]) {
      expect(url).toMatch(/^https:\/\/www\.(facebook|youtube|tiktok)\.com\//);
    }
  });
});

describe('the demo accounts', () => {
  it('are confirmed accounts with the password demo1234 and the right roles', async () => {
    const users = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
    expect(users.map((u) => [u.email, u.phone, u.role])).toEqual([
      ['student@demo.local', '01000000001', 'student'],
      ['new@demo.local', '01000000002', 'student'],
      ['admin@demo.local', '01000000003', 'admin'],
    ]);
    for (const user of users) {
      expect(user.email_confirmed_at).toBe(clock.now().toISOString());
      expect(await verifyPassword(user.password_hash, 'demo1234')).toBe(true);
    }
    expect(users.filter((u) => u.role === 'student').map((u) => u.academic_year)).toEqual([
      'Secondary3',
      'Secondary3',
    ]);
    expect(first.accounts.map((a) => [a.email, a.password, a.role])).toEqual([
      ['student@demo.local', 'demo1234', 'student'],
      ['new@demo.local', 'demo1234', 'student'],
      ['admin@demo.local', 'demo1234', 'admin'],
    ]);
  });

  it('give the demo student two enrolments made with used codes three days ago', async () => {
    const student = await directoryUser('student@demo.local');
    const enrolments = await handle.db
      .selectFrom('enrollments')
      .selectAll()
      .where('user_id', '=', student)
      .execute();
    expect(enrolments).toHaveLength(2);
    const threeDaysAgo = new Date(clock.now().getTime() - 3 * DAY_MS).toISOString();
    for (const enrolment of enrolments) {
      expect(enrolment).toMatchObject({ tenant_id: tenantId, enrolled_at: threeDaysAgo, source: 'code' });
      const code = await handle.db
        .selectFrom('enrollment_codes')
        .selectAll()
        .where('id', '=', enrolment.code_id)
        .executeTakeFirstOrThrow();
      expect(code).toMatchObject({ course_id: enrolment.course_id, used_by: student, used_at: threeDaysAgo });
      const course = await handle.db
        .selectFrom('courses')
        .selectAll()
        .where('id', '=', enrolment.course_id)
        .executeTakeFirstOrThrow();
      expect(course).toMatchObject({ grade: 'Secondary3', active: 1 });
      expect(course.price_cents).toBeGreaterThan(0);
    }
  });

  it('give the demo student completed videos and one consistently graded quiz', async () => {
    const student = await directoryUser('student@demo.local');
    const enrolled = (
      await handle.db.selectFrom('enrollments').select('course_id').where('user_id', '=', student).execute()
    ).map((e) => e.course_id);
    const completed = await handle.db
      .selectFrom('lesson_completions as lc')
      .innerJoin('lessons as l', 'l.id', 'lc.lesson_id')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .select(['l.type', 'u.course_id', 'lc.completed_at'])
      .where('lc.user_id', '=', student)
      .execute();
    expect(completed.length).toBeGreaterThanOrEqual(2);
    for (const row of completed) {
      expect(row.type).toBe('Video');
      expect(enrolled).toContain(row.course_id);
      expect(row.completed_at <= clock.now().toISOString()).toBe(true);
    }

    const results = await handle.db
      .selectFrom('quiz_results')
      .selectAll()
      .where('user_id', '=', student)
      .execute();
    expect(results).toHaveLength(1);
    const result = results[0]!;
    const questions = await handle.db
      .selectFrom('quiz_questions')
      .select('id')
      .where('lesson_id', '=', result.lesson_id)
      .orderBy('position')
      .execute();
    const answers = await handle.db
      .selectFrom('quiz_answers')
      .selectAll()
      .where(
        'question_id',
        'in',
        questions.map((q) => q.id),
      )
      .execute();
    const review = JSON.parse(result.answers_json) as {
      questionId: number;
      chosenAnswerId: number;
      correctAnswerId: number;
      isCorrect: boolean;
    }[];
    expect(review.map((r) => r.questionId)).toEqual(questions.map((q) => q.id));
    for (const item of review) {
      const correct = answers.find((a) => a.question_id === item.questionId && a.is_correct === 1);
      expect(item.correctAnswerId).toBe(correct!.id);
      expect(answers.find((a) => a.id === item.chosenAnswerId)?.question_id).toBe(item.questionId);
      expect(item.isCorrect).toBe(item.chosenAnswerId === item.correctAnswerId);
    }
    const correctCount = review.filter((r) => r.isCorrect).length;
    expect(correctCount).toBeGreaterThan(0);
    expect(correctCount).toBeLessThan(review.length);
    expect(result).toMatchObject({
      correct_count: correctCount,
      total: review.length,
      score: quizScore(correctCount, review.length),
    });
  });

  it('give the demo student one unit unlocked with a used unit code, in a course they are not enrolled in', async () => {
    const student = await directoryUser('student@demo.local');
    const unlocks = await handle.db
      .selectFrom('unit_unlocks')
      .selectAll()
      .where('user_id', '=', student)
      .execute();
    expect(unlocks).toHaveLength(1);
    const unlock = unlocks[0]!;
    expect(unlock.unlocked_at < clock.now().toISOString()).toBe(true);
    expect(clock.now().getTime() - Date.parse(unlock.unlocked_at)).toBeLessThan(7 * DAY_MS);
    const code = await handle.db
      .selectFrom('unit_codes')
      .selectAll()
      .where('id', '=', unlock.code_id)
      .executeTakeFirstOrThrow();
    expect(code).toMatchObject({ unit_id: unlock.unit_id, used_by: student, used_at: unlock.unlocked_at });
    const unit = await handle.db
      .selectFrom('units')
      .select('course_id')
      .where('id', '=', unlock.unit_id)
      .executeTakeFirstOrThrow();
    const enrolled = await handle.db
      .selectFrom('enrollments')
      .select('id')
      .where('user_id', '=', student)
      .where('course_id', '=', unit.course_id)
      .execute();
    expect(enrolled).toEqual([]);
  });

  it('leave the new student with nothing', async () => {
    const fresh = await directoryUser('new@demo.local');
    for (const table of ['enrollments', 'unit_unlocks', 'lesson_completions', 'quiz_results'] as const) {
      const rows = await handle.db.selectFrom(table).select('id').where('user_id', '=', fresh).execute();
      expect(rows).toEqual([]);
    }
  });
});

async function directoryUser(email: string): Promise<number> {
  const user = await handle.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return user.id;
}

describe('the demo summary', () => {
  it('lists five unused enrolment codes for two paid courses (one Secondary3) and five for two units', async () => {
    expect(first.enrollmentCodes).toHaveLength(2);
    expect(first.unitCodes).toHaveLength(2);
    expect(first.enrollmentCodes.some((group) => group.grade === 'Secondary3')).toBe(true);
    const printed = [...first.enrollmentCodes, ...first.unitCodes].flatMap((group) => group.codes);
    expect(printed).toHaveLength(20);
    expect(new Set(printed).size).toBe(20);
    for (const code of printed) {
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      expect(isWellFormedCode(code)).toBe(true);
    }
    for (const group of first.enrollmentCodes) {
      expect(group.codes).toHaveLength(5);
      const course = await handle.db
        .selectFrom('courses')
        .selectAll()
        .where('id', '=', group.courseId)
        .executeTakeFirstOrThrow();
      expect(course).toMatchObject({ name: group.courseName, grade: group.grade, active: 1 });
      expect(course.price_cents).toBeGreaterThan(0);
      const stored = await handle.db
        .selectFrom('enrollment_codes')
        .select('code')
        .where('course_id', '=', group.courseId)
        .where('used_by', 'is', null)
        .execute();
      expect(stored.map((row) => row.code).sort()).toEqual(group.codes.map((c) => c.replace('-', '')).sort());
    }
    for (const group of first.unitCodes) {
      expect(group.codes).toHaveLength(5);
      const stored = await handle.db
        .selectFrom('unit_codes')
        .select(['code', 'batch_label'])
        .where('unit_id', '=', group.unitId)
        .where('used_by', 'is', null)
        .execute();
      expect(stored.map((row) => row.code).sort()).toEqual(group.codes.map((c) => c.replace('-', '')).sort());
      expect(stored.every((row) => row.batch_label === 'demo')).toBe(true);
    }
  });

  it('renders how to log in and every unused code', () => {
    const text = formatDemoSummary(first);
    for (const needle of [
      'student@demo.local',
      'new@demo.local',
      'admin@demo.local',
      'demo1234',
      'كلمة المرور',
    ]) {
      expect(text).toContain(needle);
    }
    for (const code of [...first.enrollmentCodes, ...first.unitCodes].flatMap((group) => group.codes)) {
      expect(text).toContain(code);
    }
  });
});

describe('loading the demo again', () => {
  it('changes nothing and returns the same accounts and unused codes', async () => {
    const before = await snapshot(tenantId);
    const filesBefore = uploadedFiles(tenantId);
    clock.advanceDays(1);
    const second = await loadDemo({ db: app.db, tenantId, clock, dataDir });
    expect(second.created).toBe(false);
    expect(await snapshot(tenantId)).toEqual(before);
    expect(uploadedFiles(tenantId)).toEqual(filesBefore);
    expect(second.accounts).toEqual(first.accounts);
    expect(second.enrollmentCodes).toEqual(first.enrollmentCodes);
    expect(second.unitCodes).toEqual(first.unitCodes);
  });

  it('no longer lists a code once it is used', async () => {
    const [group] = first.enrollmentCodes;
    const usedCode = group!.codes[0]!;
    const fresh = await directoryUser('new@demo.local');
    await handle.db
      .updateTable('enrollment_codes')
      .set({ used_by: fresh, used_at: clock.now().toISOString() })
      .where('code', '=', usedCode.replace('-', ''))
      .execute();
    const again = await loadDemo({ db: app.db, tenantId, clock, dataDir });
    expect(again.enrollmentCodes[0]!.codes).toEqual(group!.codes.slice(1));
  });

  it('loads once when two loaders start together', async () => {
    const tenant = await directory().ensure({ slug: 'race', name: 'Race', timeZone: 'Africa/Cairo' }, clock);
    const results = await Promise.all([
      loadDemo({ db: app.db, tenantId: tenant.id, clock, dataDir }),
      loadDemo({ db: app.db, tenantId: tenant.id, clock, dataDir }),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    const counts = await snapshot(tenant.id);
    expect(counts).toMatchObject({
      courses: DEMO_COURSES.length,
      users: 3,
      enrollments: 2,
      quiz_results: 1,
      books: DEMO_BOOKS.length,
    });
    const lessonFiles = await handle.db
      .selectFrom('lessons')
      .select('attachment_file')
      .where('tenant_id', '=', tenant.id)
      .where('attachment_file', 'is not', null)
      .execute();
    expect(uploadedFiles(tenant.id)).toHaveLength(lessonFiles.length);
  });

  it('does not touch a tenant that already has courses of its own', async () => {
    const tenant = await directory().ensure(
      { slug: 'real-school', name: 'مدرسة', timeZone: 'Asia/Muscat' },
      clock,
    );
    const now = clock.now().toISOString();
    await handle.db
      .insertInto('courses')
      .values({
        tenant_id: tenant.id,
        teacher_id: null,
        name: 'كورس حقيقي',
        subject: 'physics',
        description: '',
        image_path: null,
        price_cents: 5000,
        term: 'First',
        grade: 'Oman12',
        active: 1,
        open_to_all: 0,
        created_at: now,
        modified_at: now,
      })
      .execute();
    const summary = await loadDemo({ db: app.db, tenantId: tenant.id, clock, dataDir });
    expect(summary).toEqual({ created: false, accounts: [], enrollmentCodes: [], unitCodes: [] });
    expect(await snapshot(tenant.id)).toMatchObject({ courses: 1, users: 0, teachers: 0, units: 0 });
    expect((await directory().byId(tenant.id))?.whatsapp_number).toBeNull();
    expect(formatDemoSummary(summary)).toContain('not loaded');
  });
});
