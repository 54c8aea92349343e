// Lessons of a unit: read for the form, add, edit (a quiz's questions only while no student has
// submitted it, since stored results point at its questions and answers), delete, reorder, and
// the uploaded attachment of a video lesson.
import type { AdminLesson, AdminUnit, LessonInput } from '@app/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AdminActor } from './admin-guard';
import { adminUnit } from './admin-course-view';
import type { FileKind } from './file-kind';
import { assertPermutation, positionsOf } from './ordering';
import { LESSON_NOT_FOUND, ownedLesson, ownedUnit } from './owned-rows';
import type { ContentAdminDeps } from './course-admin-service';
import { lessonVideoState } from '../video/video-view';
import { auditSummary } from './audit-summaries';

type LessonValues = z.output<typeof LessonInput>;
type Questions = Extract<LessonValues, { type: 'Quiz' }>['questions'];

export const LESSON_ORDER_MISMATCH = 'ids must list every lesson of the unit exactly once';
export const ATTACHMENTS_ON_VIDEOS = 'Only video lessons carry an attachment';
export const quizHasResults = (count: number) =>
  `${count} student(s) have submitted this quiz: its questions and answers can no longer change, ` +
  'because their results would no longer match. Add a new quiz instead.';
export const quizCannotBeDeleted = (count: number) =>
  `This quiz cannot be deleted: ${count} student(s) have submitted it.`;
export const quizCannotBecomeVideo = (count: number) =>
  `This quiz cannot become a video: ${count} student(s) have submitted it.`;
export const EXAM_CANNOT_BECOME_VIDEO = 'This quiz has exam settings: remove them before making it a video';

type Deps = ContentAdminDeps;

export class LessonAdminService {
  constructor(private readonly deps: Deps) {}

  async get(tenantId: number, lessonId: number): Promise<AdminLesson> {
    const { db } = this.deps;
    const lesson = await db
      .selectFrom('lessons as l')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .select([
        'l.id',
        'l.unit_id',
        'u.course_id',
        'l.name',
        'l.titel',
        'l.type',
        'l.video_url',
        'l.live_session_url',
        'l.attachment_url',
        'l.attachment_title',
        'l.attachment_file',
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.id', '=', lessonId)
      .executeTakeFirst();
    if (!lesson) throw notFound(LESSON_NOT_FOUND);
    const [siblings, questions, video] = await Promise.all([
      db
        .selectFrom('lessons')
        .select('id')
        .where('unit_id', '=', lesson.unit_id)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      storedQuestions(db, lessonId),
      lessonVideoState(db, lessonId),
    ]);
    return {
      id: lesson.id,
      unitId: lesson.unit_id,
      courseId: lesson.course_id,
      name: lesson.name,
      titel: lesson.titel,
      type: lesson.type,
      position: siblings.findIndex((row) => row.id === lesson.id) + 1,
      videoUrl: lesson.video_url,
      liveSessionUrl: lesson.live_session_url,
      attachmentUrl: lesson.attachment_url,
      attachmentTitle: lesson.attachment_title,
      attachmentFile: lesson.attachment_file,
      questions,
      video,
    };
  }

  async create(actor: AdminActor, unitId: number, input: LessonValues): Promise<AdminLesson> {
    const lessonId = await this.deps.writer.run(actor, async (trx) => {
      const unit = await ownedUnit(trx, actor.tenant.id, unitId);
      const last = await trx
        .selectFrom('lessons')
        .select(sql<number | null>`max(position)`.as('position'))
        .where('unit_id', '=', unitId)
        .executeTakeFirst();
      const row = await trx
        .insertInto('lessons')
        .values({
          tenant_id: actor.tenant.id,
          unit_id: unitId,
          position: Number(last?.position ?? 0) + 1,
          ...lessonColumns(input),
          attachment_file: null,
          created_at: this.deps.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (input.type === 'Quiz') await insertQuestions(trx, actor.tenant.id, row.id, input.questions);
      return {
        result: row.id,
        audit: {
          action: 'lesson.create',
          targetType: 'lesson',
          targetId: row.id,
          summary: auditSummary.lessonCreated(input.name, input.type, unit.name),
        },
        course: { id: unit.course_id, lessonIds: [row.id] },
      };
    });
    return this.get(actor.tenant.id, lessonId);
  }

  /**
   * Replaces the lesson's fields. A quiz's questions are rewritten only when they differ from the
   * stored ones, and then only while no student has submitted the quiz (409 otherwise). An external
   * attachment URL replaces an uploaded file; without one, the uploaded file stays.
   */
  async update(actor: AdminActor, lessonId: number, input: LessonValues): Promise<AdminLesson> {
    const { writer, uploads, dialect } = this.deps;
    const replacedFile = await writer.run(actor, async (trx) => {
      const lesson = await ownedLesson(trx, actor.tenant.id, lessonId, { lock: dialect });
      if (lesson.type === 'Quiz' && input.type !== 'Quiz') await assertMayBecomeVideo(trx, lessonId);
      const wanted = input.type === 'Quiz' ? input.questions : [];
      const questionsChange = !sameQuestions(await storedQuestions(trx, lessonId), wanted);
      if (questionsChange) {
        const results = await submissions(trx, lessonId);
        if (results > 0) throw conflict(quizHasResults(results));
        await trx.deleteFrom('quiz_questions').where('lesson_id', '=', lessonId).execute();
        await insertQuestions(trx, actor.tenant.id, lessonId, wanted);
      }
      const keepFile = input.type === 'Video' && input.attachmentUrl === null;
      const file = keepFile ? lesson.attachment_file : null;
      await trx
        .updateTable('lessons')
        .set({ ...lessonColumns(input), attachment_file: file })
        .where('id', '=', lessonId)
        .execute();
      return {
        result: file === lesson.attachment_file ? null : lesson.attachment_file,
        audit: {
          action: 'lesson.update',
          targetType: 'lesson',
          targetId: lessonId,
          summary: auditSummary.lessonUpdated(input.name, questionsChange ? wanted.length : null),
        },
        course: { id: lesson.course_id, lessonIds: [lessonId] },
      };
    });
    await uploads.discardAttachment(replacedFile);
    return this.get(actor.tenant.id, lessonId);
  }

  /** Deletes a lesson (its completions go with it); a quiz that students have submitted is kept (409). */
  async remove(actor: AdminActor, lessonId: number): Promise<void> {
    const { file, videoFiles } = await this.deps.writer.run(actor, async (trx) => {
      const lesson = await ownedLesson(trx, actor.tenant.id, lessonId, { lock: this.deps.dialect });
      const results = await submissions(trx, lessonId);
      if (results > 0) throw conflict(quizCannotBeDeleted(results));
      const videoFiles = await this.deps.videoFiles.ofLessons(trx, [lessonId]);
      await trx.deleteFrom('lessons').where('id', '=', lessonId).execute();
      return {
        result: { file: lesson.attachment_file, videoFiles },
        audit: {
          action: 'lesson.delete',
          targetType: 'lesson',
          targetId: lessonId,
          summary: auditSummary.lessonDeleted(lesson.name),
        },
        course: { id: lesson.course_id, lessonIds: [lessonId] },
      };
    });
    await this.deps.uploads.discardAttachment(file);
    await this.deps.videoFiles.discard(videoFiles);
  }

  async reorder(actor: AdminActor, unitId: number, ids: readonly number[]): Promise<AdminUnit> {
    const courseId = await this.deps.writer.run(actor, async (trx) => {
      const unit = await ownedUnit(trx, actor.tenant.id, unitId);
      const lessons = await trx.selectFrom('lessons').select('id').where('unit_id', '=', unitId).execute();
      assertPermutation(
        lessons.map((lesson) => lesson.id),
        ids,
        LESSON_ORDER_MISMATCH,
      );
      await trx
        .updateTable('lessons')
        .set({ position: positionsOf(ids) })
        .where('unit_id', '=', unitId)
        .execute();
      return {
        result: unit.course_id,
        audit: {
          action: 'lesson.reorder',
          targetType: 'unit',
          targetId: unitId,
          summary: auditSummary.lessonsReordered(unit.name, ids.length),
        },
        course: { id: unit.course_id },
      };
    });
    return adminUnit(this.deps.db, courseId, unitId);
  }

  /** Stores an uploaded attachment for a video lesson; it replaces an earlier file or URL. */
  async attach(
    actor: AdminActor,
    lessonId: number,
    file: { bytes: Buffer; kind: FileKind },
  ): Promise<AdminLesson> {
    const { db, uploads, writer } = this.deps;
    const found = await ownedLesson(db, actor.tenant.id, lessonId);
    if (found.type !== 'Video') throw badRequest(ATTACHMENTS_ON_VIDEOS);
    const name = await uploads.saveAttachment(actor.tenant.id, file);
    let previous: string | null;
    try {
      previous = await writer.run(actor, async (trx) => {
        const lesson = await ownedLesson(trx, actor.tenant.id, lessonId);
        if (lesson.type !== 'Video') throw badRequest(ATTACHMENTS_ON_VIDEOS);
        await trx
          .updateTable('lessons')
          .set({ attachment_file: name, attachment_url: null })
          .where('id', '=', lessonId)
          .execute();
        return {
          result: lesson.attachment_file,
          audit: {
            action: 'lesson.attachment',
            targetType: 'lesson',
            targetId: lessonId,
            summary: auditSummary.attachment(lesson.name, file),
          },
          course: { id: lesson.course_id, lessonIds: [lessonId] },
        };
      });
    } catch (error) {
      await uploads.discardAttachment(name);
      throw error;
    }
    await uploads.discardAttachment(previous);
    return this.get(actor.tenant.id, lessonId);
  }
}

const lessonColumns = (input: LessonValues) =>
  input.type === 'Video'
    ? {
        name: input.name,
        titel: input.titel,
        type: 'Video' as const,
        video_url: input.videoUrl,
        live_session_url: input.liveSessionUrl,
        attachment_url: input.attachmentUrl,
        attachment_title: input.attachmentTitle,
      }
    : {
        name: input.name,
        titel: input.titel,
        type: 'Quiz' as const,
        video_url: null,
        live_session_url: null,
        attachment_url: null,
        attachment_title: null,
      };

/**
 * A quiz becomes a video only while nothing of it is kept for students: no result (a bank-drawn exam
 * has no questions of its own, so the questions' check above would not see its results), and no exam
 * settings (decision 0013), which its attempts need and which would otherwise wait unseen on a video.
 * Removing the settings is refused while any attempt exists, so no attempt is left behind either. The
 * lesson's row lock orders this with a settings write, which locks it too and refuses a video.
 */
async function assertMayBecomeVideo(db: Db, lessonId: number): Promise<void> {
  const results = await submissions(db, lessonId);
  if (results > 0) throw conflict(quizCannotBecomeVideo(results));
  const settings = await db
    .selectFrom('quiz_settings')
    .select('lesson_id')
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  if (settings) throw conflict(EXAM_CANNOT_BECOME_VIDEO);
}

async function submissions(db: Db, lessonId: number): Promise<number> {
  const row = await db
    .selectFrom('quiz_results')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('lesson_id', '=', lessonId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored questions with their answers, in order (one query). */
async function storedQuestions(db: Db, lessonId: number): Promise<AdminLesson['questions']> {
  const rows = await db
    .selectFrom('quiz_questions as q')
    .leftJoin('quiz_answers as a', 'a.question_id', 'q.id')
    .select(['q.id as question_id', 'q.text as question_text', 'a.id', 'a.text', 'a.is_correct'])
    .where('q.lesson_id', '=', lessonId)
    .orderBy('q.position')
    .orderBy('q.id')
    .orderBy('a.position')
    .orderBy('a.id')
    .execute();
  const questions: AdminLesson['questions'] = [];
  for (const row of rows) {
    let question = questions.at(-1);
    if (!question || question.id !== row.question_id) {
      question = { id: row.question_id, text: row.question_text, answers: [] };
      questions.push(question);
    }
    if (row.id !== null && row.text !== null)
      question.answers.push({ id: row.id, text: row.text, isCorrect: row.is_correct === 1 });
  }
  return questions;
}

function sameQuestions(stored: AdminLesson['questions'], wanted: Questions): boolean {
  return (
    stored.length === wanted.length &&
    stored.every(
      (question, q) =>
        question.text === wanted[q]!.text &&
        question.answers.length === wanted[q]!.answers.length &&
        question.answers.every(
          (answer, a) =>
            answer.text === wanted[q]!.answers[a]!.text &&
            answer.isCorrect === wanted[q]!.answers[a]!.isCorrect,
        ),
    )
  );
}

/** One INSERT per question (its id is needed), one for all of its answers. */
async function insertQuestions(trx: Db, tenantId: number, lessonId: number, questions: Questions) {
  for (const [index, question] of questions.entries()) {
    const row = await trx
      .insertInto('quiz_questions')
      .values({ tenant_id: tenantId, lesson_id: lessonId, position: index + 1, text: question.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('quiz_answers')
      .values(
        question.answers.map((answer, position) => ({
          tenant_id: tenantId,
          question_id: row.id,
          position: position + 1,
          text: answer.text,
          is_correct: answer.isCorrect ? (1 as const) : (0 as const),
        })),
      )
      .execute();
  }
}
