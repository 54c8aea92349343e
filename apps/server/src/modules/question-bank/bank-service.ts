// A course's question bank as its admin writes it (decision 0013, "Admin calls"): the list with its
// filters, the counts per topic a draw rule asks for, write / edit / delete, the image, and whole
// files imported in one transaction. Every write goes through the AdminWriter (change and audit entry
// in one transaction) and then tells `onChange` (the exams' bank cache), so the next draw sees it.
import type { BankQuestion, BankQuestionInput, BankQuestionQuery, BankTopic } from '@app/contract';
import { DIFFICULTIES } from '@app/contract';
import type { z } from 'zod';
import type { Db, DialectName } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/app-error';
import type { AdminActor } from '../admin/admin-guard';
import type { AdminWriter, Change } from '../admin/admin-writer';
import type { FileKind } from '../admin/file-kind';
import { ownedCourse } from '../admin/owned-rows';
import { anyContains, containsPattern, paged } from '../admin/paging';
import { IMAGE_ROUTE, type UploadStore } from '../admin/upload-store';
import {
  bankColumns,
  bankImagePath,
  isDrawn,
  ownedQuestion,
  toBankQuestion,
  type BankAnswer,
  type BankRow,
} from './bank-rows';
import { timesDrawn } from './draw-tally';
import { auditSummary } from '../admin/audit-summaries';

export type BankQuestionValues = z.output<typeof BankQuestionInput>;
type BankQuery = z.output<typeof BankQuestionQuery>;

export const ANSWERS_FROZEN =
  'This question has been drawn in attempts: its answers can no longer change. Add a new question instead.';

/** Rows per INSERT of an import: well inside both databases' limits on bound values. */
const IMPORT_BATCH = 200;

export type BankDeps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  writer: AdminWriter;
  uploads: UploadStore;
  /** After every write to a course's bank (the exams' bank cache forgets the course). */
  onChange: (tenantId: number, courseId: number) => void;
};

const answersOf = (input: BankQuestionValues): BankAnswer[] =>
  input.answers.map((answer) => ({ text: answer.text, isCorrect: answer.isCorrect }));

const columnsOf = (input: BankQuestionValues) => ({
  text: input.text,
  explanation: input.explanation,
  difficulty: input.difficulty,
  topic: input.topic,
  answers_json: JSON.stringify(answersOf(input)),
});

const newRow = (tenantId: number, courseId: number, input: BankQuestionValues, now: string) => ({
  tenant_id: tenantId,
  course_id: courseId,
  ...columnsOf(input),
  image_file: null,
  archived_at: null,
  created_at: now,
  updated_at: now,
});

const summaryText = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

export class BankService {
  constructor(private readonly deps: BankDeps) {}

  /** Non-archived questions, newest first; `search` looks in the text, `topic` '' means untagged. */
  async list(tenantId: number, courseId: number, query: BankQuery) {
    const { db } = this.deps;
    await ownedCourse(db, tenantId, courseId);
    let base = db
      .selectFrom('bank_questions')
      .where('tenant_id', '=', tenantId)
      .where('course_id', '=', courseId)
      .where('archived_at', 'is', null);
    const pattern = containsPattern(query.search);
    if (pattern) base = base.where(anyContains(['bank_questions.text'], pattern));
    if (query.topic !== undefined) base = base.where('topic', '=', query.topic);
    if (query.difficulty) base = base.where('difficulty', '=', query.difficulty);
    const { rows, meta } = await paged(base, query, (q) => q.select(bankColumns).orderBy('id', 'desc'));
    const questions = await this.withDraws(tenantId, courseId, rows);
    return { questions, ...meta };
  }

  /** Per topic ('' included when some question has none), the non-archived questions by difficulty. */
  async topics(tenantId: number, courseId: number): Promise<BankTopic[]> {
    const { db } = this.deps;
    await ownedCourse(db, tenantId, courseId);
    const rows = await db
      .selectFrom('bank_questions')
      .select(['topic', 'difficulty', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('course_id', '=', courseId)
      .where('archived_at', 'is', null)
      .groupBy(['topic', 'difficulty'])
      .orderBy('topic')
      .execute();
    const topics = new Map<string, BankTopic>();
    for (const row of rows) {
      const topic = topics.get(row.topic) ?? { topic: row.topic, easy: 0, medium: 0, hard: 0 };
      if (DIFFICULTIES.includes(row.difficulty)) topic[row.difficulty] += Number(row.n);
      topics.set(row.topic, topic);
    }
    return [...topics.values()];
  }

  async create(actor: AdminActor, courseId: number, input: BankQuestionValues): Promise<BankQuestion> {
    const now = this.deps.clock.now().toISOString();
    const id = await this.write(actor, courseId, async (trx) => {
      await ownedCourse(trx, actor.tenant.id, courseId);
      const row = await trx
        .insertInto('bank_questions')
        .values(newRow(actor.tenant.id, courseId, input, now))
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        result: row.id,
        audit: {
          action: 'question.create',
          targetType: 'question',
          targetId: row.id,
          summary: auditSummary.questionAdded(summaryText(input.text)),
        },
      };
    });
    return this.get(actor.tenant.id, id);
  }

  /**
   * Text, explanation, topic and difficulty may always change; the answers (their number, texts,
   * order or which is correct) only while no attempt has drawn the question: an attempt stores its
   * answers by index, so changing them would change what those students answered (409).
   *
   * "Drawn" is the row's own `first_drawn_at`, read under the row's lock on PostgreSQL. An exam start
   * sets it, by an UPDATE that takes the same lock, before it stores its attempt (exams/bank-cache.ts,
   * markDrawn), so the two take turns: an edit that locked first changes the answers, and the start
   * then sees them changed and draws again from them; a start that marked first makes this 409. On
   * SQLite the edit's transaction holds the only connection, and the mark runs before it or after it.
   */
  async update(actor: AdminActor, questionId: number, input: BankQuestionValues): Promise<BankQuestion> {
    const { dialect } = this.deps;
    const courseId = await this.courseOf(actor.tenant.id, questionId);
    await this.write(actor, courseId, async (trx) => {
      const row = await ownedQuestion(trx, actor.tenant.id, questionId, { lock: dialect });
      if (JSON.stringify(answersOf(input)) !== row.answers_json && isDrawn(row))
        throw conflict(ANSWERS_FROZEN);
      await trx
        .updateTable('bank_questions')
        .set({ ...columnsOf(input), updated_at: this.deps.clock.now().toISOString() })
        .where('id', '=', questionId)
        .execute();
      return {
        result: null,
        audit: {
          action: 'question.update',
          targetType: 'question',
          targetId: questionId,
          summary: auditSummary.questionEdited(summaryText(input.text)),
        },
      };
    });
    return this.get(actor.tenant.id, questionId);
  }

  /**
   * Deletes the question, or archives it when attempts drew it (they still show and grade it). Drawn
   * is `first_drawn_at` under the row's lock, as for `update`: a start marking it takes turns with this.
   */
  async remove(actor: AdminActor, questionId: number): Promise<{ archived: boolean }> {
    const { dialect, clock } = this.deps;
    const courseId = await this.courseOf(actor.tenant.id, questionId);
    const done = await this.write(actor, courseId, async (trx) => {
      const row = await ownedQuestion(trx, actor.tenant.id, questionId, { lock: dialect });
      const archived = isDrawn(row);
      if (archived) {
        await trx
          .updateTable('bank_questions')
          .set({ archived_at: clock.now().toISOString() })
          .where('id', '=', questionId)
          .execute();
      } else {
        await trx.deleteFrom('bank_questions').where('id', '=', questionId).execute();
      }
      return {
        result: { archived, image: archived ? null : row.image_file },
        audit: {
          action: 'question.delete',
          targetType: 'question',
          targetId: questionId,
          summary: auditSummary.questionRemoved(summaryText(row.text), archived),
        },
      };
    });
    await this.deps.uploads.discardImage(bankImagePath(done.image));
    return { archived: done.archived };
  }

  /** Stores the image, points the question at it, and removes the image it replaced. */
  async setImage(actor: AdminActor, questionId: number, file: { bytes: Buffer; kind: FileKind }) {
    const { uploads } = this.deps;
    const courseId = await this.courseOf(actor.tenant.id, questionId);
    const path = await uploads.saveImage(actor.tenant.id, file);
    let previous: string | null;
    try {
      previous = await this.write(actor, courseId, async (trx) => {
        const row = await ownedQuestion(trx, actor.tenant.id, questionId);
        await this.setImageFile(trx, questionId, path.slice(IMAGE_ROUTE.length));
        return {
          result: row.image_file,
          audit: {
            action: 'question.image',
            targetType: 'question',
            targetId: questionId,
            summary: auditSummary.questionImage(file),
          },
        };
      });
    } catch (error) {
      await uploads.discardImage(path);
      throw error;
    }
    await uploads.discardImage(bankImagePath(previous));
    return this.get(actor.tenant.id, questionId);
  }

  async removeImage(actor: AdminActor, questionId: number): Promise<BankQuestion> {
    const courseId = await this.courseOf(actor.tenant.id, questionId);
    const previous = await this.write(actor, courseId, async (trx) => {
      const row = await ownedQuestion(trx, actor.tenant.id, questionId);
      await this.setImageFile(trx, questionId, null);
      return {
        result: row.image_file,
        audit: {
          action: 'question.image.delete',
          targetType: 'question',
          targetId: questionId,
          summary: auditSummary.questionImageRemoved(),
        },
      };
    });
    await this.deps.uploads.discardImage(bankImagePath(previous));
    return this.get(actor.tenant.id, questionId);
  }

  /** Every question or none: the rows were all validated before (bank-import.ts). */
  async importAll(actor: AdminActor, courseId: number, questions: readonly BankQuestionValues[]) {
    const now = this.deps.clock.now().toISOString();
    await this.write(actor, courseId, async (trx) => {
      const course = await ownedCourse(trx, actor.tenant.id, courseId);
      for (let at = 0; at < questions.length; at += IMPORT_BATCH) {
        const values = questions
          .slice(at, at + IMPORT_BATCH)
          .map((input) => newRow(actor.tenant.id, courseId, input, now));
        await trx.insertInto('bank_questions').values(values).execute();
      }
      return {
        result: null,
        audit: {
          action: 'questions.import',
          targetType: 'course',
          targetId: courseId,
          summary: auditSummary.questionsImported(course.name, questions.length),
        },
      };
    });
    return { imported: questions.length };
  }

  /** The tenant's course, or 404. */
  async course(tenantId: number, courseId: number) {
    return ownedCourse(this.deps.db, tenantId, courseId);
  }

  /** The course's non-archived questions, oldest first (an export imports back in the same order). */
  async all(tenantId: number, courseId: number) {
    const { db } = this.deps;
    const course = await ownedCourse(db, tenantId, courseId);
    const rows = await db
      .selectFrom('bank_questions')
      .select(bankColumns)
      .where('tenant_id', '=', tenantId)
      .where('course_id', '=', courseId)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .execute();
    return { course, questions: rows.map((row) => toBankQuestion(row, 0)) };
  }

  private async get(tenantId: number, questionId: number): Promise<BankQuestion> {
    const row = await ownedQuestion(this.deps.db, tenantId, questionId);
    const [question] = await this.withDraws(tenantId, row.course_id, [row]);
    return question!;
  }

  /** The course a question of the tenant belongs to (404 for another tenant's or an archived one). */
  private async courseOf(tenantId: number, questionId: number): Promise<number> {
    return (await ownedQuestion(this.deps.db, tenantId, questionId)).course_id;
  }

  /** With each question's count of attempts: scanned only for the drawn ones (none drawn, no statement). */
  private async withDraws(tenantId: number, courseId: number, rows: readonly BankRow[]) {
    const ids = rows.filter(isDrawn).map((row) => row.id);
    const drawn = await timesDrawn(this.deps.db, this.deps.dialect, tenantId, courseId, ids);
    return rows.map((row) => toBankQuestion(row, drawn.get(row.id) ?? 0));
  }

  private async setImageFile(trx: Db, questionId: number, imageFile: string | null) {
    await trx
      .updateTable('bank_questions')
      .set({ image_file: imageFile, updated_at: this.deps.clock.now().toISOString() })
      .where('id', '=', questionId)
      .execute();
  }

  /** One write to the course's bank through the AdminWriter, then the bank cache is told. */
  private async write<T>(
    actor: AdminActor,
    courseId: number,
    change: (trx: Db) => Promise<Change<T>>,
  ): Promise<T> {
    const result = await this.deps.writer.run(actor, change);
    this.deps.onChange(actor.tenant.id, courseId);
    return result;
  }
}
