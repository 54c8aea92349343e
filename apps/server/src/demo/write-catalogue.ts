// Writes teachers, courses, units, lessons and quizzes, returning the ids the demo plan refers to.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_COURSES, DEMO_TEACHERS } from './catalogue';
import type { DemoUploads } from './media';
import type { DemoCourse, DemoLesson, DemoQuestion, LessonRef, TeacherKey, UnitRef } from './types';

type Trx = Transaction<Database>;

export type WrittenQuestion = { id: number; correctAnswerId: number; wrongAnswerIds: number[] };
export type WrittenLesson = { id: number; type: DemoLesson['type']; questions: WrittenQuestion[] };
export type WrittenUnit = { id: number; name: string; lessons: WrittenLesson[] };
export type WrittenCourse = { id: number; name: string; units: WrittenUnit[] };

export class WrittenCatalogue {
  constructor(
    readonly teacherIds: number[],
    readonly courses: ReadonlyMap<string, WrittenCourse>,
  ) {}

  course(key: string): WrittenCourse {
    const course = this.courses.get(key);
    if (!course) throw new Error(`demo plan names an unknown course '${key}'`);
    return course;
  }

  unit(ref: UnitRef): WrittenUnit {
    const unit = this.course(ref.course).units[ref.unit];
    if (!unit) throw new Error(`demo plan names unit ${ref.unit} of '${ref.course}', which does not exist`);
    return unit;
  }

  lesson(ref: LessonRef): WrittenLesson {
    const lesson = this.unit(ref).lessons[ref.lesson];
    if (!lesson) throw new Error(`demo plan names a missing lesson ${JSON.stringify(ref)}`);
    return lesson;
  }
}

/**
 * Where the correct answer is shown among the four: derived from the question text, so it varies
 * from question to question but the catalogue is the same on every load.
 */
export function correctSlot(text: string): number {
  let sum = 0;
  for (const char of text) sum += char.codePointAt(0) ?? 0;
  return sum % 4;
}

/** A question's four answers in the order the demo shows them: the correct one in its slot. */
export function shownAnswers(question: DemoQuestion): { text: string; correct: boolean }[] {
  const options = question.wrong.map((text) => ({ text, correct: false }));
  options.splice(correctSlot(question.text), 0, { text: question.correct, correct: true });
  return options;
}

export async function writeCatalogue(
  trx: Trx,
  input: { tenantId: number; now: string; uploads: DemoUploads },
): Promise<WrittenCatalogue> {
  const teachers = new Map<TeacherKey, number>();
  for (const teacher of DEMO_TEACHERS) {
    const row = await trx
      .insertInto('teachers')
      .values({
        tenant_id: input.tenantId,
        name: teacher.name,
        title: teacher.title,
        photo_url: teacher.photoUrl,
        bio: teacher.bio,
        credentials_json: JSON.stringify(teacher.credentials),
        methods_json: JSON.stringify(teacher.methods),
        created_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    teachers.set(teacher.key, row.id);
  }

  const courses = new Map<string, WrittenCourse>();
  for (const course of DEMO_COURSES) {
    courses.set(course.key, await writeCourse(trx, input, course, teachers.get(course.teacher) ?? null));
  }
  return new WrittenCatalogue([...teachers.values()], courses);
}

async function writeCourse(
  trx: Trx,
  input: { tenantId: number; now: string; uploads: DemoUploads },
  course: DemoCourse,
  teacherId: number | null,
): Promise<WrittenCourse> {
  const { tenantId, now } = input;
  const { id } = await trx
    .insertInto('courses')
    .values({
      tenant_id: tenantId,
      teacher_id: teacherId,
      name: course.name,
      subject: course.subject,
      description: course.description,
      image_path: course.imagePath,
      price_cents: course.priceCents,
      term: course.term,
      grade: course.grade,
      active: course.active ? 1 : 0,
      open_to_all: course.openToAll ? 1 : 0,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const units: WrittenUnit[] = [];
  for (const [unitIndex, unit] of course.units.entries()) {
    const unitRow = await trx
      .insertInto('units')
      .values({
        tenant_id: tenantId,
        course_id: id,
        position: unitIndex + 1,
        name: unit.name,
        title: unit.title,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lessons: WrittenLesson[] = [];
    for (const [lessonIndex, lesson] of unit.lessons.entries()) {
      lessons.push(await writeLesson(trx, input, unitRow.id, lessonIndex + 1, lesson));
    }
    units.push({ id: unitRow.id, name: unit.name, lessons });
  }
  return { id, name: course.name, units };
}

async function writeLesson(
  trx: Trx,
  input: { tenantId: number; now: string; uploads: DemoUploads },
  unitId: number,
  position: number,
  lesson: DemoLesson,
): Promise<WrittenLesson> {
  const attachment = lesson.type === 'Video' ? lesson.attachment : null;
  const { id } = await trx
    .insertInto('lessons')
    .values({
      tenant_id: input.tenantId,
      unit_id: unitId,
      position,
      name: lesson.name,
      type: lesson.type,
      video_url: lesson.type === 'Video' ? lesson.videoUrl : null,
      attachment_url: attachment?.kind === 'link' ? attachment.url : null,
      attachment_title: attachment?.title ?? null,
      attachment_file: attachment?.kind === 'upload' ? input.uploads.addSamplePdf() : null,
      titel: lesson.type === 'Quiz' ? lesson.titel : null,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questions: WrittenQuestion[] = [];
  if (lesson.type === 'Quiz') {
    for (const [index, question] of lesson.questions.entries()) {
      questions.push(await writeQuestion(trx, input.tenantId, id, index + 1, question));
    }
  }
  return { id, type: lesson.type, questions };
}

async function writeQuestion(
  trx: Trx,
  tenantId: number,
  lessonId: number,
  position: number,
  question: DemoQuestion,
): Promise<WrittenQuestion> {
  const { id } = await trx
    .insertInto('quiz_questions')
    .values({ tenant_id: tenantId, lesson_id: lessonId, position, text: question.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  const options = shownAnswers(question);
  // RETURNING order is not guaranteed for multi-row inserts on SQLite, so rows are told apart by
  // what they return, not by their order.
  const answers = await trx
    .insertInto('quiz_answers')
    .values(
      options.map((option, index) => ({
        tenant_id: tenantId,
        question_id: id,
        position: index + 1,
        text: option.text,
        is_correct: option.correct ? (1 as const) : (0 as const),
      })),
    )
    .returning(['id', 'is_correct'])
    .execute();
  const correctAnswerId = answers.find((answer) => answer.is_correct === 1)?.id;
  if (correctAnswerId === undefined) throw new Error(`no correct answer stored for '${question.text}'`);
  const wrongAnswerIds = answers.filter((answer) => answer.is_correct !== 1).map((answer) => answer.id);
  return { id, correctAnswerId, wrongAnswerIds };
}
