// Builds a small course straight in the database, for tests of the learning API.
import type { Db } from '../../src/db/connect';

export type LessonSpec =
  | { type: 'Video'; name?: string; attachmentFile?: string; attachmentUrl?: string }
  | { type: 'Quiz'; name?: string; questions: { text: string; answers: string[]; correct: number }[] };

export type CourseSpec = {
  tenantId: number;
  grade?: string;
  priceCents?: number;
  active?: boolean;
  openToAll?: boolean;
  subject?: string | null;
  name?: string;
  units: LessonSpec[][];
};

export type BuiltCourse = {
  courseId: number;
  unitIds: number[];
  /** lessonIds[unitIndex][lessonIndex] */
  lessonIds: number[][];
  /** For each quiz lesson id: its questions with answer ids (as stored), their texts and the correct id. */
  quizzes: Map<number, QuizFixtureQuestion[]>;
};

export type QuizFixtureQuestion = {
  questionId: number;
  answerIds: number[];
  /** answerTexts[i] is the text of answerIds[i]: students see their own ids, so tests pick by text. */
  answerTexts: string[];
  correctAnswerId: number;
};

const NOW = '2026-01-01T00:00:00.000Z';

export async function buildCourse(db: Db, spec: CourseSpec): Promise<BuiltCourse> {
  const course = await db
    .insertInto('courses')
    .values({
      tenant_id: spec.tenantId,
      teacher_id: null,
      name: spec.name ?? 'كيمياء الصف الثالث',
      subject: spec.subject === undefined ? 'chemistry' : spec.subject,
      description: 'وصف',
      image_path: null,
      price_cents: spec.priceCents ?? 10_000,
      term: 'First',
      grade: spec.grade ?? 'Secondary3',
      active: spec.active === false ? 0 : 1,
      open_to_all: spec.openToAll ? 1 : 0,
      created_at: NOW,
      modified_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const built: BuiltCourse = { courseId: course.id, unitIds: [], lessonIds: [], quizzes: new Map() };
  for (const [unitIndex, lessons] of spec.units.entries()) {
    const unit = await db
      .insertInto('units')
      .values({
        tenant_id: spec.tenantId,
        course_id: course.id,
        position: unitIndex + 1,
        name: `الوحدة ${unitIndex + 1}`,
        title: 'عنوان',
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    built.unitIds.push(unit.id);
    const ids: number[] = [];
    for (const [lessonIndex, lesson] of lessons.entries()) {
      const row = await db
        .insertInto('lessons')
        .values({
          tenant_id: spec.tenantId,
          unit_id: unit.id,
          position: lessonIndex + 1,
          name: lesson.name ?? `درس ${lessonIndex + 1}`,
          type: lesson.type,
          video_url: lesson.type === 'Video' ? '/media/sample-lesson.mp4' : null,
          attachment_url: lesson.type === 'Video' ? (lesson.attachmentUrl ?? null) : null,
          attachment_title:
            lesson.type === 'Video' && (lesson.attachmentFile || lesson.attachmentUrl) ? 'ملزمة' : null,
          attachment_file: lesson.type === 'Video' ? (lesson.attachmentFile ?? null) : null,
          titel: lesson.type === 'Quiz' ? 'اختبار قصير' : null,
          created_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      if (lesson.type === 'Quiz') {
        const questions = [];
        for (const [qIndex, question] of lesson.questions.entries()) {
          const q = await db
            .insertInto('quiz_questions')
            .values({
              tenant_id: spec.tenantId,
              lesson_id: row.id,
              position: qIndex + 1,
              text: question.text,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const answerIds: number[] = [];
          for (const [aIndex, text] of question.answers.entries()) {
            const a = await db
              .insertInto('quiz_answers')
              .values({
                tenant_id: spec.tenantId,
                question_id: q.id,
                position: aIndex + 1,
                text,
                is_correct: aIndex === question.correct ? 1 : 0,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            answerIds.push(a.id);
          }
          questions.push({
            questionId: q.id,
            answerIds,
            answerTexts: question.answers,
            correctAnswerId: answerIds[question.correct]!,
          });
        }
        built.quizzes.set(row.id, questions);
      }
    }
    built.lessonIds.push(ids);
  }
  return built;
}

export const fourOptions = (text: string, correct = 0) => ({ text, answers: ['أ', 'ب', 'ج', 'د'], correct });
