// Exams for the API tests (decision 0013): settings and bank questions written straight into the
// database, an enrolled student, and the student's calls. Answer texts say which answer is correct
// («صحيح …»), so a test picks the right or a wrong answer by what the student is shown.
import { PLAIN_QUIZ_SETTINGS, type Difficulty, type QuizSettingsInput } from '@app/contract';
import { buildCourse, type BuiltCourse, type LessonSpec } from './catalogue-fixture';
import { registerStudent, TENANT, type Device, type TestApi } from './test-api';

export const RIGHT = 'صحيح';

export type ExamSettingsSpec = {
  source?: 'fixed' | 'bank';
  draw?: { topic: string | null; difficulty: Difficulty | null; count: number }[];
  timeLimitMinutes?: number | null;
  passMark?: number | null;
  attemptsAllowed?: number;
  counts?: 'best' | 'last';
  review?: 'immediate' | 'after-deadline' | 'never';
  showExplanations?: boolean;
  opensAt?: string | null;
  closesAt?: string | null;
};

type ExamSettingsInput = Partial<QuizSettingsInput>;

/** Makes the quiz lesson an exam (or changes its settings). */
export async function setExam(api: TestApi, tenantId: number, lessonId: number, spec: ExamSettingsSpec = {}) {
  const values = {
    source: spec.source ?? 'fixed',
    draw_json: JSON.stringify(spec.draw ?? []),
    time_limit_minutes: spec.timeLimitMinutes ?? null,
    pass_mark: spec.passMark ?? null,
    attempts_allowed: spec.attemptsAllowed ?? 1,
    counts: spec.counts ?? 'best',
    review: spec.review ?? 'immediate',
    show_explanations: spec.showExplanations ? (1 as const) : (0 as const),
    opens_at: spec.opensAt ?? null,
    closes_at: spec.closesAt ?? null,
    updated_at: api.clock.now().toISOString(),
  };
  await api.db
    .insertInto('quiz_settings')
    .values({ lesson_id: lessonId, tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('lesson_id').doUpdateSet(values))
    .execute();
}

export type BankSpec = {
  text: string;
  topic?: string;
  difficulty?: Difficulty;
  explanation?: string | null;
  /** How many answers (2–6); the first is correct. */
  answers?: number;
};

/**
 * The admin's PUT of the quiz's settings (the API's way, unlike setExam): a fixed exam of one untimed
 * attempt without a pass mark, with `overrides`.
 */
export const putExamSettings = (
  admin: { device: Device },
  lessonId: number,
  overrides: ExamSettingsInput = {},
) =>
  admin.device.call('PUT', `/api/Admin/Lessons/${lessonId}/QuizSettings`, {
    json: { ...PLAIN_QUIZ_SETTINGS, ...overrides },
  });

/** Bank questions of the course; each has one answer «صحيح n» and wrong ones «خطأ n-k». */
export async function addBank(api: TestApi, tenantId: number, courseId: number, specs: BankSpec[]) {
  const now = api.clock.now().toISOString();
  const ids: number[] = [];
  for (const [index, spec] of specs.entries()) {
    const answers = Array.from({ length: spec.answers ?? 4 }, (_, k) =>
      k === 0
        ? { text: `${RIGHT} ${index}`, isCorrect: true }
        : { text: `خطأ ${index}-${k}`, isCorrect: false },
    );
    const row = await api.db
      .insertInto('bank_questions')
      .values({
        tenant_id: tenantId,
        course_id: courseId,
        text: spec.text,
        image_file: null,
        explanation: spec.explanation ?? null,
        difficulty: spec.difficulty ?? 'medium',
        topic: spec.topic ?? '',
        answers_json: JSON.stringify(answers),
        archived_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** A fixed quiz of `count` questions whose answers say which is right. */
export const examQuiz = (count: number): LessonSpec => ({
  type: 'Quiz',
  questions: Array.from({ length: count }, (_, i) => ({
    text: `سؤال ${i + 1}`,
    answers: [`${RIGHT} ${i}`, `خطأ ${i}-1`, `خطأ ${i}-2`],
    correct: 0,
  })),
});

/** A course of one unit holding this quiz, in the tenant. */
export const examCourse = (
  api: TestApi,
  tenantId: number,
  quiz: LessonSpec = examQuiz(3),
): Promise<BuiltCourse> => buildCourse(api.db, { tenantId, units: [[quiz, { type: 'Video' }]] });

/**
 * A course whose first lesson is a bank exam: the course's bank of `bank` (addBank) and settings that
 * draw by `spec.draw` (setExam). Returns the course, the lesson and the bank's ids in order.
 */
export async function bankExamCourse(
  api: TestApi,
  tenantId: number,
  bank: BankSpec[],
  spec: ExamSettingsSpec & { draw: NonNullable<ExamSettingsSpec['draw']> },
) {
  const built = await examCourse(api, tenantId);
  const lessonId = built.lessonIds[0]![0]!;
  const ids = await addBank(api, tenantId, built.courseId, bank);
  await setExam(api, tenantId, lessonId, { source: 'bank', ...spec });
  return { built, lessonId, ids };
}

export type ExamStudent = {
  id: number;
  email: string;
  device: Device;
  /** Signs in again (the access token lives 15 minutes of the moved clock). */
  relogin(): Promise<void>;
  /** Another device of the same account, signed in. */
  secondDevice(): Promise<Device>;
};

/** A student registered over HTTP, enrolled in the course now, signed in. */
export async function examStudent(
  api: TestApi,
  tenantId: number,
  courseId: number,
  slug = TENANT,
): Promise<ExamStudent> {
  const fields = await registerStudent(api, {}, slug);
  await api.db
    .insertInto('enrollments')
    .values({
      tenant_id: tenantId,
      user_id: fields.id,
      course_id: courseId,
      enrolled_at: api.clock.now().toISOString(),
      source: 'admin',
      code_id: null,
    })
    .execute();
  const device = api.device();
  device.tenant = slug;
  const login = async (on: Device) => {
    const reply = await on.login(fields.Email);
    if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
  };
  await login(device);
  return {
    id: fields.id,
    email: fields.Email,
    device,
    relogin: () => login(device),
    async secondDevice() {
      const other = api.device();
      other.tenant = slug;
      await login(other);
      return other;
    },
  };
}

export type ShownQuestion = {
  id: number;
  text: string;
  imageUrl?: string | null;
  explanation?: string | null;
  answers: { id: number; text: string; isCorrect?: boolean }[];
};

export const content = (device: Device, lessonId: number) =>
  device.call('GET', `/api/Student/contentlesson/${lessonId}`);
export const start = (device: Device, lessonId: number) =>
  device.call('POST', '/api/Student/quizattempt/start', { json: { lessonId } });
export const save = (device: Device, lessonId: number, answers: { questionId: number; answerId: number }[]) =>
  device.call('PUT', '/api/Student/quizattempt/answers', { json: { lessonId, answers } });
export const submit = (
  device: Device,
  lessonId: number,
  answers: { questionId: number; answerId: number }[],
) => device.call('POST', '/api/quizresult/submit', { json: { lessonId, answers } });

/** The answer of `question` that is right (or, with `right` false, its first wrong one), in shown ids. */
export function pick(question: ShownQuestion, right = true): { questionId: number; answerId: number } {
  const answer = question.answers.find((a) => a.text.startsWith(RIGHT) === right);
  if (!answer) throw new Error(`question ${question.id} shows no ${right ? 'right' : 'wrong'} answer`);
  return { questionId: question.id, answerId: answer.id };
}

/** One answer per question: right where `rights[i]`. */
export const answersFor = (questions: ShownQuestion[], rights: boolean[]) =>
  questions.map((question, i) => pick(question, rights[i] ?? true));

/** The student's attempts at the lesson as stored. */
export const attemptRows = (api: TestApi, lessonId: number, userId: number) =>
  api.db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('lesson_id', '=', lessonId)
    .where('user_id', '=', userId)
    .orderBy('number')
    .execute();

export const resultRow = (api: TestApi, lessonId: number, userId: number) =>
  api.db
    .selectFrom('quiz_results')
    .selectAll()
    .where('lesson_id', '=', lessonId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
