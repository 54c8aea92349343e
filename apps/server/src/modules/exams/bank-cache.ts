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
//
// The cache also knows which questions are drawn (`first_drawn_at` set): an exam start marks the
// questions of its draw that are not (markDrawn) before it stores the attempt, and once a question is
// known drawn here a start that draws it issues no statement for it. A reload after an invalidation
// reads the column, so what is marked stays marked.
import type { Difficulty } from '@app/contract';
import type { Db, DialectName } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus';
import { systemClock, type Clock } from '../../lib/clock';
import { ScopedCache } from '../../lib/scoped-cache';
import { bankColumns, isDrawn, type BankAnswer, type BankRow } from '../question-bank/bank-rows';

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
  /**
   * Whether the question's first draw is recorded (first_drawn_at) with the answers above: they can no
   * longer change. Turns true in a cached entry once this process has marked the question (markDrawn).
   */
  drawn: boolean;
  /** answers_json as read: markDrawn compares it with the row it marked. */
  answersJson: string;
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
  /** The marks under way, by cached question: a start drawing one of them waits for that mark. */
  private readonly marking = new WeakMap<BankQuestion, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    ttlMs: number,
    private readonly bus: CacheBus = localCacheBus(),
    private readonly clock: Clock = systemClock,
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

  /**
   * Records the first draw of `questions` (the draw of a start, as `bank` gave them) before the start
   * stores its attempt; true when the draw may be stored as it is. False when a question's answers in
   * the database are not those it was drawn with (an edit committed after the bank was read), or it is
   * gone: the course is forgotten here and the caller reads the bank again and draws again.
   *
   * Why this closes the race between an answer edit and a first draw (decision 0013): the edit
   * (BankService.update) locks the question's row and refuses to change the answers once
   * `first_drawn_at` is set. The mark is one UPDATE of the unmarked rows that takes the same row locks
   * (on PostgreSQL; in id order, so two starts marking together cannot deadlock) and returns each
   * row's answers as they are once it holds the lock. Either the mark comes first, and the edit,
   * locking after it, sees the question drawn (409); or the edit comes first, the mark waits for its
   * commit, and then returns the new answers, which differ from those drawn: the start draws again
   * from them. On SQLite there is one writer and the edit's transaction holds the only connection: the
   * mark runs wholly before it or after it, with the same two outcomes. A row another start (or
   * another process) marked first is not returned; its answers are read again, since the bank read
   * here may predate an edit that came before that mark.
   *
   * Only the first start in this process to draw a question issues the UPDATE: the flag then holds in
   * the cached entry (and in a reloaded one, which reads the column), and a start drawing a question
   * whose mark is under way waits for that mark instead of issuing another. A question marked by a start that then stores no attempt
   * (a double tap that lost its attempt number, a failure) stays marked: frozen, counted 0.
   */
  async markDrawn(tenantId: number, courseId: number, questions: readonly BankQuestion[]): Promise<boolean> {
    const unmarked = questions.filter((question) => !question.drawn);
    if (unmarked.length === 0) return true;
    const waits = new Set<Promise<void>>();
    const mine = unmarked.filter((question) => {
      const under = this.marking.get(question);
      if (under) waits.add(under);
      return !under;
    });
    if (mine.length > 0) {
      const marked = this.mark(tenantId, mine).finally(() => {
        for (const question of mine) this.marking.delete(question);
      });
      for (const question of mine) this.marking.set(question, marked);
      waits.add(marked);
    }
    await Promise.all(waits);
    if (questions.every((question) => question.drawn)) return true;
    this.banks.forget(courseId);
    return false;
  }

  /** One mark of `questions` (none known drawn): sets `drawn` on those whose answers are as read. */
  private async mark(tenantId: number, questions: readonly BankQuestion[]): Promise<void> {
    const { db } = this;
    const ids = questions.map((question) => question.id);
    const now = this.clock.now().toISOString();
    let marking = db
      .updateTable('bank_questions')
      .set({ first_drawn_at: now })
      .where('tenant_id', '=', tenantId)
      .where('first_drawn_at', 'is', null);
    marking =
      this.dialect === 'postgres'
        ? marking.where('id', 'in', (eb) =>
            eb
              .selectFrom('bank_questions')
              .select('id')
              .where('tenant_id', '=', tenantId)
              .where('id', 'in', ids)
              .where('first_drawn_at', 'is', null)
              .orderBy('id')
              .forUpdate(),
          )
        : marking.where('id', 'in', ids);
    const rows = await marking.returning(['id', 'answers_json']).execute();
    const current = new Map(rows.map((row) => [row.id, row.answers_json]));
    const others = ids.filter((id) => !current.has(id));
    if (others.length > 0) {
      // Marked meanwhile by another start, or deleted or archived since the bank was read.
      const marked = await db
        .selectFrom('bank_questions')
        .select(['id', 'answers_json'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', others)
        .where('first_drawn_at', 'is not', null)
        .where('archived_at', 'is', null)
        .execute();
      for (const row of marked) current.set(row.id, row.answers_json);
    }
    for (const question of questions)
      if (current.get(question.id) === question.answersJson) question.drawn = true;
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
        drawn: isDrawn(row),
        answersJson: row.answers_json,
      };
    });
    return {
      pool: questions.filter((question) => !question.archived),
      byId: new Map(questions.map((question) => [question.id, question])),
    };
  }
}
