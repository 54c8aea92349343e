// What the question bank's suites share: a course with a quiz lesson to draw for, questions written
// over HTTP, and a draw stored straight in exam_attempts (as the attempt service stores one).
import type { Device, TestApi } from './test-api';
import { buildCourse } from './catalogue-fixture';

export type BankCourse = { courseId: number; lessonId: number };

/** A course of `tenantId` with one quiz lesson (the lesson a bank exam would be). */
export async function bankCourse(api: TestApi, tenantId: number): Promise<BankCourse> {
  const built = await buildCourse(api.db, {
    tenantId,
    units: [[{ type: 'Quiz', questions: [{ text: 'س', answers: ['أ', 'ب'], correct: 0 }] }]],
  });
  return { courseId: built.courseId, lessonId: built.lessonIds[0]![0]! };
}

/** A valid question body; `correct` is the index of the correct answer. */
export const bankQuestion = (
  text: string,
  overrides: {
    answers?: string[];
    correct?: number;
    topic?: string;
    difficulty?: string;
    explanation?: string | null;
  } = {},
) => ({
  text,
  answers: (overrides.answers ?? ['أ', 'ب', 'ج']).map((answer, index) => ({
    text: answer,
    isCorrect: index === (overrides.correct ?? 0),
  })),
  explanation: overrides.explanation ?? null,
  difficulty: overrides.difficulty ?? 'medium',
  topic: overrides.topic ?? '',
});

/** Writes a question over HTTP as the admin; answers the stored question. */
export async function addQuestion(device: Device, courseId: number, body: ReturnType<typeof bankQuestion>) {
  const reply = await device.call('POST', `/api/Admin/Courses/${courseId}/Questions`, { json: body });
  if (reply.status !== 200) throw new Error(`add question failed: ${reply.status} ${reply.text}`);
  return reply.body.data as { id: number; timesDrawn: number; imagePath: string | null };
}

let attemptNumber = 0;

/**
 * An attempt of `userId` at `lessonId` that drew `questionIds` (a bank draw unless `source` says). As an
 * exam start does, a bank draw first marks the questions of the lesson's course it names as drawn
 * (`first_drawn_at`, left as it is when already set).
 */
export async function storeDraw(
  api: TestApi,
  at: { tenantId: number; userId: number; lessonId: number },
  questionIds: number[],
  source: 'bank' | 'fixed' = 'bank',
) {
  attemptNumber += 1;
  if (source === 'bank' && questionIds.length > 0) {
    const course = await api.db
      .selectFrom('lessons')
      .innerJoin('units', 'units.id', 'lessons.unit_id')
      .select('units.course_id')
      .where('lessons.id', '=', at.lessonId)
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('bank_questions')
      .set({ first_drawn_at: api.clock.now().toISOString() })
      .where('course_id', '=', course.course_id)
      .where('id', 'in', questionIds)
      .where('first_drawn_at', 'is', null)
      .execute();
  }
  await api.db
    .insertInto('exam_attempts')
    .values({
      tenant_id: at.tenantId,
      user_id: at.userId,
      lesson_id: at.lessonId,
      number: attemptNumber,
      source,
      started_at: api.clock.now().toISOString(),
      deadline_at: null,
      draw_json: JSON.stringify(questionIds.map((questionId) => ({ questionId, answers: [1, 0, 2] }))),
      saved_at: null,
      submitted_at: null,
      submitted_by: null,
      score: null,
      correct_count: null,
      total: null,
      review_json: null,
    })
    .execute();
}
