// A course's question bank as the exam calls use it (decision 0013): the questions a draw may take
// (the pool: every question not archived) and, for grading and display, every question with its text,
// image, explanation and answers, archived ones too (an attempt that drew one before it was deleted
// still shows and grades it). Read with one prepared statement on a miss and cached per course for
// CATALOGUE_CACHE_MS, as the catalogue's structures are; an admin's change to the bank calls
// `invalidate`, which forgets the course here at once and, through the cache bus, in the other
// processes (without Redis they see it within the TTL). A TTL of 0 turns the cache off.
//
// Entries are kept per tenant scope as well as per course: on PostgreSQL, row-level security makes
// another tenant's questions (or any, outside a scope) read as missing, and that answer must not be
// served to a read that would see them.
import type { Difficulty } from '@app/contract';
import type { Db } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus';
import { systemClock, type Clock } from '../../lib/clock';
import { ScopedCache } from '../../lib/scoped-cache';
import { bankColumns, type BankAnswer, type BankRow } from '../question-bank/bank-rows';

const INVALIDATE_BANK = 'exams:bank';
type BankInvalidation = { tenantId: number; courseId: number };

export type BankQuestion = {
  id: number;
  text: string;
  /** The uploaded image's stored name, or null. */
  imageFile: string | null;
  explanation: string | null;
  difficulty: Difficulty;
  topic: string;
  /** An answer is known by its index here (the draw stores indexes). */
  answers: BankAnswer[];
  archived: boolean;
  /** For the draw (drawFromBank's pool entry). */
  answerCount: number;
};

export type CourseBank = {
  /** What a draw may take: the questions not archived, in id order. */
  pool: BankQuestion[];
  /** Every question of the course, archived ones included, by id. */
  byId: ReadonlyMap<number, BankQuestion>;
};

type BankCacheRow = BankRow & { archived_at: string | null };

export class BankCache {
  private readonly banks: ScopedCache<CourseBank>;
  private readonly rows;

  constructor(
    db: Db,
    ttlMs: number,
    private readonly bus: CacheBus = localCacheBus(),
    clock: Clock = systemClock,
  ) {
    this.banks = new ScopedCache({ ttlMs, max: 500, clock });
    bus.subscribe(INVALIDATE_BANK, (payload) => this.banks.forget((payload as BankInvalidation).courseId));
    bus.onResync(() => this.banks.clear());
    this.rows = prepare<{ tenantId: number; courseId: number }, BankCacheRow>(db, (q) =>
      q
        .selectFrom('bank_questions')
        .select([...bankColumns, 'archived_at'])
        .where('course_id', '=', param<number>('courseId'))
        .where('tenant_id', '=', param<number>('tenantId'))
        .orderBy('id'),
    );
  }

  /**
   * The course's bank. `courseId` is the tenant's own (the exam settings' course, read under the
   * tenant's filter): entries are kept by course and scope, not by tenant.
   */
  bank(tenantId: number, courseId: number): Promise<CourseBank> {
    return this.banks.get(courseId, () => this.load(tenantId, courseId));
  }

  /** After an admin's change to the course's bank (a question written, archived, imported), everywhere. */
  invalidate(tenantId: number, courseId: number): void {
    this.banks.forget(courseId);
    const message: BankInvalidation = { tenantId, courseId };
    this.bus.publish(INVALIDATE_BANK, message);
  }

  private async load(tenantId: number, courseId: number): Promise<CourseBank> {
    const questions = (await this.rows.all({ tenantId, courseId })).map((row): BankQuestion => {
      const answers = JSON.parse(row.answers_json) as BankAnswer[];
      return {
        id: row.id,
        text: row.text,
        imageFile: row.image_file,
        explanation: row.explanation,
        difficulty: row.difficulty,
        topic: row.topic,
        answers,
        archived: row.archived_at !== null,
        answerCount: answers.length,
      };
    });
    return {
      pool: questions.filter((question) => !question.archived),
      byId: new Map(questions.map((question) => [question.id, question])),
    };
  }
}
