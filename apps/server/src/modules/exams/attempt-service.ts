// A student's attempts at an exam (decision 0013, Student calls): the content, starting an attempt
// (its draw stored once), saving answers as the student goes, submitting, and closing what a deadline
// ends. Every rule (may one start, the deadline, passed, which result counts, when the review shows)
// comes from packages/domain; this file reads and writes the rows.
//
// Races are settled by the rows themselves, never by what a process read:
// - two starts of attempt N+1 meet the unique (user_id, lesson_id, number): the loser answers the
//   winner's attempt;
// - a save merges its answers into the stored ones inside the UPDATE (json_patch / jsonb ||), so two
//   parallel saves both land, whatever each read;
// - a close is `UPDATE … WHERE id = ? AND submitted_at IS NULL AND answers_json = <what it graded>`:
//   only one closer goes on (a student's submit, the sweeper of any process, a call that met the
//   expired attempt), and a save that landed after the closer read the answers makes it grade again
//   instead of closing over the saved answer.
import { randomInt } from 'node:crypto';
import type {
  ExamQuizContent,
  ExamRefusal,
  ExamResult,
  ExamStartConflict,
  QuizSubmitRequest,
} from '@app/contract';
import { ATTEMPT_TIME_OVER, NO_OPEN_ATTEMPT } from '@app/contract';
import {
  attemptDeadline,
  attemptsUsed,
  drawFromBank,
  DrawError,
  isPassed,
  isPastDeadline,
  isReviewVisible,
  reviewAt,
  rulesFor,
  shuffleFixed,
  startRefusal,
} from '@app/domain';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db, DialectName } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import type { Tenant } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import { NOT_A_QUIZ } from '../learning/quiz-service';
import {
  ATTEMPT_COLUMNS,
  LESSON_NOT_FOUND,
  type LessonAccess,
  type OpenLesson,
  type StoredAttemptRow,
} from '../learning/lesson-access';
import type { BankCache } from './bank-cache';
import type { CountedAttempt, CountedResults } from './counted-result';
import {
  attemptOf,
  attemptResult,
  examOf,
  gradeAttempt,
  plainResult,
  shownQuestions,
  type Attempt,
  type Draw,
  type ExamQuestions,
  type SavedAnswers,
} from './exam-content';
import type { LessonExamSettings } from './exam-settings';
import type { ExamSettingsCache } from './settings-cache';

export const NOT_AN_EXAM = 'This quiz is not an exam';
export const QUIZ_ALREADY_SUBMITTED = 'Quiz already submitted';
export const ANSWER_EVERY_QUESTION = 'Every question must be answered exactly once with one of its answers';
export const NOT_IN_ATTEMPT =
  'Each answer must name a question of this attempt, each question once, and one of its answers';
export const BANK_TOO_SMALL =
  'The question bank no longer holds enough questions for this exam; the teacher must change its draw';
export const NO_QUESTIONS = 'This quiz has no questions';
export const BANK_CHANGING = 'The question bank is being changed; start the exam again in a moment';

/** A result shown without its review. */
const NO_REVIEW = { visible: false, explanations: false, lookup: null } as const;

const bankConflict = (reason: ExamStartConflict['reason']): ExamStartConflict => ({ reason });

/** Draws of one start at most: another is made only when an answer edit raced the previous one. */
const DRAW_ROUNDS = 3;

const REFUSALS: Record<ExamRefusal['reason'], string> = {
  'exam-not-open': 'This exam is not open yet',
  'exam-closed': 'This exam has closed',
  'no-attempts-left': 'No attempts are left',
};

/** The quiz part of an exam's content (the lesson's id, name and title are the caller's). */
export type ExamContentFields = Pick<ExamQuizContent, 'questions' | 'result' | 'exam'>;

/** What a save needs of the open attempt, kept per student and lesson: its draw never changes. */
type OpenSummary = { attemptId: number; deadlineAt: Date | null; sizes: ReadonlyMap<number, number> };

type Deps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  access: LessonAccess;
  settings: ExamSettingsCache;
  catalogue: CatalogueCache;
  bank: BankCache;
  questions: ExamQuestions;
  counted: CountedResults;
};

export class ExamAttemptService {
  /**
   * The open attempts' draws, by tenant, student and lesson: a warm save is then one statement. An
   * entry may outlive its attempt (closed elsewhere): the save's UPDATE then changes no row, and the
   * save reads the attempt again. 10,000 entries of a few hundred bytes each: a grade sitting one
   * exam fits; beyond it the least recent cost a read on their next save.
   */
  private readonly open = new LRUCache<string, OpenSummary>({ max: 10_000 });
  /** Real starts asked of this process (not rehearsed): a warming rehearsal stops when they come. */
  private starts = 0;
  private readonly latestAttempt;
  private readonly saveAnswers;
  private readonly insertAttempt;

  constructor(private readonly deps: Deps) {
    const { db, dialect } = deps;
    this.latestAttempt = prepare<{ tenantId: number; userId: number; lessonId: number }, StoredAttemptRow>(
      db,
      (q) =>
        q
          .selectFrom('exam_attempts')
          .select(ATTEMPT_COLUMNS)
          .where('user_id', '=', param<number>('userId'))
          .where('lesson_id', '=', param<number>('lessonId'))
          .where('tenant_id', '=', param<number>('tenantId'))
          .orderBy('number', 'desc')
          .limit(1),
    );
    // The merge happens in the database, so two saves that run together both land.
    const patch = param<string>('patch');
    const merged =
      dialect === 'postgres'
        ? // The patch is sent as text and parsed here: a driver that types parameters from the
          // statement (the pipelined one) would otherwise send the string itself as a JSON string.
          sql<string>`(answers_json::jsonb || cast(cast(${patch} as text) as jsonb))::text`
        : sql<string>`json_patch(answers_json, ${patch})`;
    this.saveAnswers = prepare<
      { patch: string; savedAt: string; id: number; tenantId: number; userId: number },
      { answers_json: string }
    >(db, (q) =>
      q
        .updateTable('exam_attempts')
        .set({ answers_json: merged, saved_at: param<string>('savedAt') })
        .where('id', '=', param<number>('id'))
        .where('tenant_id', '=', param<number>('tenantId'))
        .where('user_id', '=', param<number>('userId'))
        .where('submitted_at', 'is', null)
        .returning('answers_json'),
    );
    // A new attempt, once per student on exam night: built and compiled once (db/prepared.ts).
    this.insertAttempt = prepare<
      {
        tenantId: number;
        userId: number;
        lessonId: number;
        number: number;
        source: LessonExamSettings['source'];
        startedAt: string;
        deadlineAt: string | null;
        draw: string;
      },
      StoredAttemptRow
    >(db, (q) =>
      q
        .insertInto('exam_attempts')
        .values({
          tenant_id: param<number>('tenantId'),
          user_id: param<number>('userId'),
          lesson_id: param<number>('lessonId'),
          number: param<number>('number'),
          source: param<LessonExamSettings['source']>('source'),
          started_at: param<string>('startedAt'),
          deadline_at: param<string | null>('deadlineAt'),
          draw_json: param<string>('draw'),
          answers_json: '{}',
        })
        .onConflict((oc) => oc.columns(['user_id', 'lesson_id', 'number']).doNothing())
        .returning(ATTEMPT_COLUMNS),
    );
  }

  /** The exam's settings, or null for a plain quiz (or another tenant's lesson). */
  settingsOf(tenantId: number, lessonId: number): Promise<LessonExamSettings | null> {
    return this.deps.settings.get(tenantId, lessonId);
  }

  /** GET contentlesson of an exam: never starts an attempt; closes an expired one first. */
  async content(
    tenant: Tenant,
    userId: number,
    opened: OpenLesson,
    settings: LessonExamSettings,
  ): Promise<ExamContentFields> {
    const settled = await this.settle(tenant, userId, opened, settings);
    return this.view(tenant, userId, settled, settings);
  }

  /**
   * POST quizattempt/start: the open attempt, or attempt N+1 with its draw stored.
   *
   * With `rehearsal` (exam-rehearsal.ts, before an announced opening): the same path run as if the
   * clock read `rehearsal.at`, writing nothing: the draw marks no question drawn, the attempt is not
   * inserted (its row is made here, id 0) and not remembered for saves. It only teaches V8 the path.
   */
  async start(
    tenant: Tenant,
    userId: number,
    lessonId: number,
    rehearsal?: { at: Date },
  ): Promise<ExamContentFields & { opened: OpenLesson }> {
    const { access, clock } = this.deps;
    if (!rehearsal) this.starts += 1;
    const first = await access.open(tenant, userId, lessonId);
    if (first.lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
    const settings = await this.settingsOf(tenant.id, first.lesson.id);
    if (!settings) throw badRequest(NOT_AN_EXAM);
    const opened = rehearsal ? first : await this.settle(tenant, userId, first, settings);
    // A rehearsal's view reads the real clock (before the opening) for canStart and serverNow; its
    // answer is discarded, and only the path it takes matters.
    const answer = async (current: OpenLesson) => ({
      opened: current,
      ...(await this.view(tenant, userId, current, settings, !rehearsal)),
    });
    if (opened.attempts.some((row) => row.submitted_at === null)) return answer(opened);

    const now = rehearsal?.at ?? clock.now();
    const used = usedOf(opened);
    const refusal = startRefusal(now, rulesFor(settings, opened.extraAttempts), used);
    if (refusal)
      throw new AppError(403, REFUSALS[refusal], { data: { reason: refusal } satisfies ExamRefusal });

    const draw = await this.draw(tenant.id, settings, !rehearsal);
    const deadline = attemptDeadline(now, settings);
    const values = {
      tenantId: tenant.id,
      userId,
      lessonId: settings.lessonId,
      // After the highest number, not the count: numbers stay unique if rows were ever removed, and
      // a plain submission from before the exam is number 1.
      number: used + 1,
      source: settings.source,
      startedAt: now.toISOString(),
      deadlineAt: deadline?.toISOString() ?? null,
      draw: JSON.stringify(draw),
    };
    const inserted = rehearsal ? rehearsedRow(values) : await this.insertAttempt.first(values);
    // A parallel start (a double tap, a second device) took this number: its attempt is the one.
    if (!inserted) return answer(await access.open(tenant, userId, lessonId));
    return answer({ ...opened, attempts: [...opened.attempts, inserted] });
  }

  /** How many real starts this process was asked for since it began (exam-rehearsal.ts reads it). */
  get startsAsked(): number {
    return this.starts;
  }

  /** PUT quizattempt/answers: merged into the open attempt's saved answers. */
  async save(
    tenant: Tenant,
    userId: number,
    input: { lessonId: number; answers: { questionId: number; answerId: number }[] },
  ): Promise<{ saved: number; deadlineAt: string | null; serverNow: string }> {
    const settings = await this.settingsOf(tenant.id, input.lessonId);
    if (!settings) throw notFound(LESSON_NOT_FOUND);
    const key = openKey(tenant.id, userId, settings.lessonId);
    // Twice at most: a cached attempt that was closed meanwhile (elsewhere) is read again once.
    for (let round = 0; round < 2; round++) {
      const summary = this.open.get(key) ?? (await this.readOpen(tenant.id, userId, settings));
      const patch: SavedAnswers = {};
      for (const answer of input.answers) {
        const size = summary.sizes.get(answer.questionId);
        if (size === undefined || answer.answerId > size || patch[answer.questionId] !== undefined)
          throw badRequest(NOT_IN_ATTEMPT, { answers: NOT_IN_ATTEMPT });
        patch[answer.questionId] = answer.answerId;
      }
      const now = this.deps.clock.now();
      if (isPastDeadline(now, summary.deadlineAt)) {
        this.open.delete(key);
        return this.timeOver(tenant.id, userId, settings);
      }
      const row = await this.saveAnswers.first({
        patch: JSON.stringify(patch),
        savedAt: now.toISOString(),
        id: summary.attemptId,
        tenantId: tenant.id,
        userId,
      });
      if (row) {
        return {
          saved: Object.keys(JSON.parse(row.answers_json) as object).length,
          deadlineAt: summary.deadlineAt?.toISOString() ?? null,
          serverNow: now.toISOString(),
        };
      }
      this.open.delete(key);
    }
    throw conflict(NO_OPEN_ATTEMPT);
  }

  /** POST quizresult/submit of an exam: the sent answers over the saved ones; all must be answered. */
  async submit(
    tenant: Tenant,
    userId: number,
    input: QuizSubmitRequest,
    settings: LessonExamSettings,
  ): Promise<ExamResult> {
    const opened = await this.deps.access.open(tenant, userId, input.lessonId);
    if (opened.lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
    const row = opened.attempts.find((attempt) => attempt.submitted_at === null);
    if (!row) return this.notOpen(tenant.id, settings, lastOf(opened.attempts), QUIZ_ALREADY_SUBMITTED);
    let attempt = attemptOf(row);
    if (isPastDeadline(this.deps.clock.now(), attempt.deadlineAt))
      return this.timeOver(tenant.id, userId, settings, row);

    const sent: SavedAnswers = {};
    for (const answer of input.answers) {
      const drawn = attempt.draw.find((question) => question.questionId === answer.questionId);
      if (!drawn || answer.answerId > drawn.answers.length || sent[answer.questionId] !== undefined)
        throw badRequest(ANSWER_EVERY_QUESTION, { answers: ANSWER_EVERY_QUESTION });
      sent[answer.questionId] = answer.answerId;
    }
    for (let round = 0; round < 3; round++) {
      const answers = { ...attempt.answers, ...sent };
      if (attempt.draw.some(({ questionId }) => answers[questionId] === undefined))
        throw badRequest(ANSWER_EVERY_QUESTION, { answers: ANSWER_EVERY_QUESTION });
      const closed = await this.close(tenant.id, userId, settings, attempt, answers, 'student');
      if (closed) return this.present(tenant.id, settings, closed.attempt, closed.countedPassed);
      // Someone else closed it, or a save landed since it was read: what stands now decides.
      const latest = await this.latestAttempt.first({
        tenantId: tenant.id,
        userId,
        lessonId: settings.lessonId,
      });
      if (!latest || latest.id !== attempt.id) throw conflict(NO_OPEN_ATTEMPT);
      if (latest.submitted_at !== null)
        return this.notOpen(tenant.id, settings, latest, QUIZ_ALREADY_SUBMITTED);
      attempt = attemptOf(latest);
    }
    throw conflict(NO_OPEN_ATTEMPT);
  }

  /**
   * Grades what `answers` holds and closes the attempt, if it is still open and its saved answers are
   * still those it was read with; the counted result follows. The closed attempt with the verdict the
   * counted result stored (null when the attempt did not replace it), or null when this close did not
   * happen (another closer won, or a save came in between).
   */
  async close(
    tenantId: number,
    userId: number,
    settings: LessonExamSettings,
    attempt: Attempt,
    answers: SavedAnswers,
    by: 'student' | 'server',
  ): Promise<{ attempt: Attempt; countedPassed: boolean | null } | null> {
    const { db, clock, questions, counted } = this.deps;
    const lookup = await questions.lookup(tenantId, settings, attempt.source);
    const { shown, stored } = gradeAttempt(attempt.draw, answers, lookup);
    const submittedAt = clock.now().toISOString();
    // One transaction: an attempt is never seen closed without its counted result, and a crash between
    // the two cannot leave it closed and uncounted (the sweeper only looks at open attempts).
    const countedPassed = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('exam_attempts')
        .set({
          answers_json: JSON.stringify(answers),
          submitted_at: submittedAt,
          submitted_by: by,
          score: shown.score,
          correct_count: shown.correctCount,
          total: shown.total,
          review_json: JSON.stringify(shown.review),
        })
        .where('id', '=', attempt.id)
        .where('tenant_id', '=', tenantId)
        .where('submitted_at', 'is', null)
        .where('answers_json', '=', attempt.answersText)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return undefined;
      const offered: CountedAttempt = {
        tenantId,
        userId,
        lessonId: settings.lessonId,
        attemptId: attempt.id,
        score: shown.score,
        correctCount: shown.correctCount,
        total: shown.total,
        review: stored,
        submittedAt,
        counts: settings.counts,
      };
      return counted.offer(offered, trx);
    });
    if (countedPassed === undefined) return null;
    this.open.delete(openKey(tenantId, userId, settings.lessonId));
    const closed: Attempt = {
      ...attempt,
      answers,
      submittedAt,
      submittedBy: by,
      score: shown.score,
      correctCount: shown.correctCount,
      total: shown.total,
      review: shown.review,
    };
    return { attempt: closed, countedPassed };
  }

  /**
   * Closes an expired open attempt as the server (the sweeper, or a call that met it): grades what was
   * saved, again if a save lands meanwhile. Whether this call closed it.
   */
  async closeExpired(tenantId: number, userId: number, settings: LessonExamSettings, row: StoredAttemptRow) {
    let attempt = attemptOf(row);
    for (let round = 0; round < 3; round++) {
      if (await this.close(tenantId, userId, settings, attempt, attempt.answers, 'server')) return true;
      const latest = await this.latestAttempt.first({ tenantId, userId, lessonId: settings.lessonId });
      if (!latest || latest.id !== attempt.id || latest.submitted_at !== null) return false;
      attempt = attemptOf(latest);
    }
    return false;
  }

  /** The open attempt met past its deadline: closed first, then 409 with its result. */
  private async timeOver(
    tenantId: number,
    userId: number,
    settings: LessonExamSettings,
    known?: StoredAttemptRow,
  ): Promise<never> {
    const open = known ?? (await this.latestAttempt.first({ tenantId, userId, lessonId: settings.lessonId }));
    if (open && open.submitted_at === null) await this.closeExpired(tenantId, userId, settings, open);
    const latest = await this.latestAttempt.first({ tenantId, userId, lessonId: settings.lessonId });
    if (!latest || latest.submitted_at === null) throw conflict(NO_OPEN_ATTEMPT);
    throw conflict(ATTEMPT_TIME_OVER, await this.present(tenantId, settings, attemptOf(latest)));
  }

  /**
   * No attempt is open: 409. When the last one was closed by the server at its deadline (the sweeper
   * came first), the time is what ended it, and its result is sent; after a student's submit, `closed`
   * (a save: NO_OPEN_ATTEMPT; a second submit: QUIZ_ALREADY_SUBMITTED with the result, as a plain quiz).
   */
  private async notOpen(
    tenantId: number,
    settings: LessonExamSettings,
    last: StoredAttemptRow | undefined,
    closed: string,
  ): Promise<never> {
    if (!last || last.submitted_at === null) throw conflict(NO_OPEN_ATTEMPT);
    const result = await this.present(tenantId, settings, attemptOf(last));
    if (last.submitted_by === 'server') throw conflict(ATTEMPT_TIME_OVER, result);
    throw conflict(closed, closed === NO_OPEN_ATTEMPT ? undefined : result);
  }

  /**
   * A closed attempt's own result, the review as the settings allow it now. `passed` is the verdict the
   * counted result stored when the caller has it (a submit that became the counted result: the reply
   * then agrees with locking and progress during a pass-mark change); otherwise the attempt's own, by
   * the settings as this process knows them.
   */
  private async present(
    tenantId: number,
    settings: LessonExamSettings,
    attempt: Attempt,
    storedPassed: boolean | null = null,
  ): Promise<ExamResult> {
    const visible = this.reviewVisible(settings, attempt);
    const lookup =
      visible && settings.showExplanations
        ? await this.deps.questions.lookup(tenantId, settings, attempt.source)
        : null;
    const passed = storedPassed ?? this.passedOf(settings, attempt);
    return attemptResult(attempt, passed, {
      visible,
      explanations: settings.showExplanations,
      lookup,
    });
  }

  /** An attempt's verdict at the settings as this process knows them (a counted result has its own). */
  private passedOf(settings: LessonExamSettings, attempt: Attempt): boolean {
    return isPassed(attempt.score ?? 0, settings.passMark);
  }

  private reviewVisible(settings: LessonExamSettings, attempt: Attempt): boolean {
    return isReviewVisible(this.deps.clock.now(), settings, closedOf(attempt));
  }

  /** The lesson as read, with an open attempt met past its deadline closed (and read again). */
  private async settle(
    tenant: Tenant,
    userId: number,
    opened: OpenLesson,
    settings: LessonExamSettings,
  ): Promise<OpenLesson> {
    const open = opened.attempts.find((row) => row.submitted_at === null);
    const deadline = open?.deadline_at ? new Date(open.deadline_at) : null;
    if (!open || !isPastDeadline(this.deps.clock.now(), deadline)) return opened;
    await this.closeExpired(tenant.id, userId, settings, open);
    return this.deps.access.open(tenant, userId, opened.lesson.id);
  }

  /** The content for the lesson as read: the open attempt's questions, or the review's, or none. */
  private async view(
    tenant: Tenant,
    userId: number,
    opened: OpenLesson,
    settings: LessonExamSettings,
    remember = true,
  ): Promise<ExamContentFields> {
    const now = this.deps.clock.now();
    const attempts = opened.attempts.map(attemptOf).sort((a, b) => a.number - b.number);
    const open = attempts.find((attempt) => attempt.submittedAt === null) ?? null;
    const { stored } = opened;
    const counted = stored?.attempt_id
      ? attempts.find((attempt) => attempt.id === stored.attempt_id)
      : undefined;
    const visible = counted ? this.reviewVisible(settings, counted) : false;
    const shown = open ?? (visible ? counted : undefined);
    const lookup = shown ? await this.deps.questions.lookup(tenant.id, settings, shown.source) : null;
    // The counted attempt's explanations, when its review shows beside an open attempt of another source.
    const countedLookup =
      counted && visible && counted.source !== shown?.source
        ? await this.deps.questions.lookup(tenant.id, settings, counted.source)
        : lookup;
    if (open && remember) this.remember(tenant.id, userId, settings.lessonId, open);

    const last = [...attempts].reverse().find((attempt) => attempt.submittedAt !== null);
    const used = usedOf(opened);
    // The student's own rules: the class's, with any retake the teacher granted them alone.
    const own = rulesFor(settings, opened.extraAttempts);
    const canStart = open === null && startRefusal(now, own, used) === null;
    return {
      questions:
        shown && lookup
          ? shownQuestions(shown, lookup, {
              correct: shown !== open,
              explanations: settings.showExplanations,
            })
          : [],
      result: stored
        ? counted
          ? attemptResult(counted, stored.passed !== 0, {
              visible,
              explanations: settings.showExplanations,
              lookup: countedLookup,
            })
          : plainResult(stored)
        : null,
      exam: examOf(own, {
        attemptsUsed: used,
        open,
        canStart,
        // Only the counted result's review is ever shown: a quiz taken before it became an exam
        // (counted, with no attempt behind it) has none to wait for.
        reviewAt: counted && !visible ? reviewAt(settings, closedOf(counted)) : null,
        latest:
          last && last.id !== counted?.id
            ? attemptResult(last, this.passedOf(settings, last), NO_REVIEW)
            : null,
        questionCount: await this.questionCount(settings),
        now,
      }),
    };
  }

  private async questionCount(settings: LessonExamSettings): Promise<number> {
    if (settings.source === 'bank') return settings.draw.reduce((sum, rule) => sum + rule.count, 0);
    return (await this.deps.catalogue.quiz(settings.lessonId)).length;
  }

  /**
   * A new attempt's draw from a random seed: the bank's pool by the rules, or the fixed list shuffled.
   * A bank draw's questions are marked drawn before it is returned (and so before the attempt is
   * stored): what freezes their answers. When the mark finds the answers changed since the bank was
   * read (an edit won the race, bank-cache.ts markDrawn), the bank is read again and the same seed
   * draws again from it, so no attempt stores answer positions into a list an edit replaced.
   */
  private async draw(tenantId: number, settings: LessonExamSettings, mark = true): Promise<Draw> {
    const seed = randomInt(0, 2 ** 32 - 1);
    if (settings.source === 'bank') {
      const { bank } = this.deps;
      for (let round = 0; round < DRAW_ROUNDS; round++) {
        const { pool, byId } = await bank.bank(tenantId, settings.courseId);
        let draw: Draw;
        try {
          draw = drawFromBank(pool, settings.draw, seed);
        } catch (error) {
          // The bank shrank below the rules since they were saved: the teacher must act, not the student.
          if (error instanceof DrawError) throw conflict(BANK_TOO_SMALL, bankConflict('bank-too-small'));
          throw error;
        }
        const drawn = draw.map(({ questionId }) => byId.get(questionId)!);
        if (!mark || (await bank.markDrawn(tenantId, settings.courseId, drawn))) return draw;
      }
      throw conflict(BANK_CHANGING, bankConflict('bank-changing'));
    }
    const quiz = await this.deps.catalogue.quiz(settings.lessonId);
    if (quiz.length === 0) throw badRequest(NO_QUESTIONS);
    return shuffleFixed(
      quiz.map((question) => ({ id: question.id, answerIds: question.answers.map((answer) => answer.id) })),
      seed,
    );
  }

  private async readOpen(
    tenantId: number,
    userId: number,
    settings: LessonExamSettings,
  ): Promise<OpenSummary> {
    const latest = await this.latestAttempt.first({ tenantId, userId, lessonId: settings.lessonId });
    if (!latest || latest.submitted_at !== null)
      return this.notOpen(tenantId, settings, latest, NO_OPEN_ATTEMPT);
    return this.remember(tenantId, userId, settings.lessonId, attemptOf(latest));
  }

  private remember(tenantId: number, userId: number, lessonId: number, attempt: Attempt): OpenSummary {
    const summary: OpenSummary = {
      attemptId: attempt.id,
      deadlineAt: attempt.deadlineAt,
      sizes: new Map(attempt.draw.map((question) => [question.questionId, question.answers.length])),
    };
    this.open.set(openKey(tenantId, userId, lessonId), summary);
    return summary;
  }
}

/** The attempts this student has used (domain `attemptsUsed`): a plain result from before counts as 1. */
const usedOf = (opened: OpenLesson): number =>
  attemptsUsed(
    opened.attempts.map((row) => row.number),
    opened.stored !== null && opened.stored.attempt_id === null,
  );

/** A rehearsed start's attempt as the insert would have returned it (id 0: no row has it). */
const rehearsedRow = (values: {
  number: number;
  source: LessonExamSettings['source'];
  startedAt: string;
  deadlineAt: string | null;
  draw: string;
}): StoredAttemptRow => ({
  id: 0,
  number: values.number,
  source: values.source,
  started_at: values.startedAt,
  deadline_at: values.deadlineAt,
  draw_json: values.draw,
  answers_json: '{}',
  submitted_at: null,
  submitted_by: null,
  score: null,
  correct_count: null,
  total: null,
  review_json: null,
});

/** A closed attempt as the review rules read it. */
const closedOf = (attempt: Attempt) => ({
  deadlineAt: attempt.deadlineAt,
  submittedAt: new Date(attempt.submittedAt ?? 0),
});

const lastOf = (rows: StoredAttemptRow[]) =>
  rows.reduce<StoredAttemptRow | undefined>(
    (last, row) => (!last || row.number > last.number ? row : last),
    undefined,
  );

const openKey = (tenantId: number, userId: number, lessonId: number) => `${tenantId}:${userId}:${lessonId}`;
