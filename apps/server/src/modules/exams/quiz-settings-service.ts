// A quiz lesson's exam settings as the admin reads and writes them (decision 0013): GET answers the
// defaults of a plain quiz until PUT creates the row; DELETE returns the quiz to the plain one-attempt
// quiz while no student has started an attempt. A bank-drawn exam is checked against the course's
// bank (each rule must find enough questions, counted by the same domain rule the draw uses), and a
// changed pass mark re-decides `passed` of the lesson's results in the same transaction, so locking
// and progress follow at once; results written meanwhile are ordered with it (pass-verdict.ts). Every
// write is audited and forgets the cached settings everywhere.
import { PLAIN_QUIZ_SETTINGS, type QuizSettings, type QuizSettingsInput } from '@app/contract';
import { availableFor, type PoolQuestion } from '@app/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, DialectName } from '../../db/connect';
import { fromJson } from '../../db/json';
import { badRequest, conflict } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AdminActor } from '../admin/admin-guard';
import type { AdminWriter } from '../admin/admin-writer';
import { ownedLesson } from '../admin/owned-rows';
import { NOT_A_QUIZ } from '../learning/quiz-service';
import type { ExamDrawRule, LessonExamSettings } from './exam-settings';
import { holdResultWriters, passedBy } from './pass-verdict';
import { settingsOf, type ExamSettingsCache } from './settings-cache';
import { auditSummary } from '../admin/audit-summaries';

export const FIXED_WITHOUT_QUESTIONS =
  'This quiz has no questions of its own: add questions to it, or draw its questions from the bank';
export const SETTINGS_IN_USE =
  'Students have attempted this exam: its settings can be changed but not removed';
export const ruleTooLarge = (rule: number, count: number, available: number) =>
  `Draw rule ${rule} asks for ${count} questions; the bank has ${available} that match`;

type SettingsValues = z.output<typeof QuizSettingsInput>;

type Deps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  writer: AdminWriter;
  settings: ExamSettingsCache;
};

export class QuizSettingsService {
  constructor(private readonly deps: Deps) {}

  async get(tenantId: number, lessonId: number): Promise<QuizSettings> {
    const { db } = this.deps;
    const lesson = await quizLesson(db, tenantId, lessonId);
    const [stored, attemptCount, submittedBefore] = await Promise.all([
      storedSettings(db, lessonId, lesson.course_id),
      attemptsAt(db, lessonId),
      plainResultsAt(db, lessonId),
    ]);
    if (!stored) return { lessonId, exam: false, ...PLAIN_QUIZ_SETTINGS, attemptCount, submittedBefore };
    const available = stored.draw.length
      ? availableFor(await bankPool(db, tenantId, lesson.course_id), stored.draw)
      : [];
    return {
      lessonId,
      exam: true,
      source: stored.source,
      draw: stored.draw.map((rule, index) => ({ ...rule, available: available[index] ?? 0 })),
      timeLimitMinutes: stored.timeLimitMinutes,
      passMark: stored.passMark,
      attemptsAllowed: stored.attemptsAllowed,
      counts: stored.counts,
      review: stored.review,
      showExplanations: stored.showExplanations,
      opensAt: stored.opensAt?.toISOString() ?? null,
      closesAt: stored.closesAt?.toISOString() ?? null,
      attemptCount,
      submittedBefore,
    };
  }

  /** Creates or replaces the settings: the quiz is an exam from now on. */
  async update(actor: AdminActor, lessonId: number, input: SettingsValues): Promise<QuizSettings> {
    const { writer, dialect, clock, settings } = this.deps;
    const tenantId = actor.tenant.id;
    await writer.run(actor, async (trx) => {
      const lesson = await quizLesson(trx, tenantId, lessonId, dialect, 'no key update');
      if (input.source === 'fixed') await assertHasQuestions(trx, lessonId);
      else assertDrawable(input.draw, await bankPool(trx, tenantId, lesson.course_id));
      const previous = await storedSettings(trx, lessonId, lesson.course_id);
      // A plain quiz's results all passed (no pass mark): re-decide only when the mark moves.
      const passMarkChanged = (previous?.passMark ?? null) !== input.passMark;
      if (passMarkChanged) await holdResultWriters(trx, dialect);
      const columns = {
        source: input.source,
        draw_json: JSON.stringify(input.draw),
        time_limit_minutes: input.timeLimitMinutes,
        pass_mark: input.passMark,
        attempts_allowed: input.attemptsAllowed,
        counts: input.counts,
        review: input.review,
        show_explanations: input.showExplanations ? (1 as const) : (0 as const),
        opens_at: input.opensAt === null ? null : new Date(input.opensAt).toISOString(),
        closes_at: input.closesAt === null ? null : new Date(input.closesAt).toISOString(),
        updated_at: clock.now().toISOString(),
      };
      await trx
        .insertInto('quiz_settings')
        .values({ lesson_id: lessonId, tenant_id: tenantId, ...columns })
        .onConflict((oc) => oc.column('lesson_id').doUpdateSet(columns))
        .execute();
      if (passMarkChanged) await redecidePassed(trx, lessonId);
      return {
        result: null,
        audit: {
          action: 'quiz.settings.update',
          targetType: 'lesson',
          targetId: lessonId,
          summary: settingsSummary(lesson.name, input),
        },
      };
    });
    settings.invalidate(tenantId, lessonId);
    return this.get(tenantId, lessonId);
  }

  /** Back to a plain quiz (its results all pass again); 409 once any attempt exists. */
  async remove(actor: AdminActor, lessonId: number): Promise<QuizSettings> {
    const { writer, dialect, settings } = this.deps;
    const tenantId = actor.tenant.id;
    await writer.run(actor, async (trx) => {
      const lesson = await quizLesson(trx, tenantId, lessonId, dialect, 'no key update');
      const previous = await storedSettings(trx, lessonId, lesson.course_id);
      if (previous?.passMark != null) await holdResultWriters(trx, dialect);
      // FOR UPDATE only now, so that no attempt starts until the settings are gone (taken before
      // holdResultWriters, a submission's foreign key check would wait on it while holding what that
      // waits for).
      if (dialect === 'postgres') await quizLesson(trx, tenantId, lessonId, dialect);
      if ((await attemptsAt(trx, lessonId)) > 0) throw conflict(SETTINGS_IN_USE);
      await trx.deleteFrom('quiz_settings').where('lesson_id', '=', lessonId).execute();
      if (previous?.passMark != null) await redecidePassed(trx, lessonId);
      return {
        result: null,
        audit: {
          action: 'quiz.settings.delete',
          targetType: 'lesson',
          targetId: lessonId,
          summary: auditSummary.examSettingsRemoved(lesson.name),
        },
      };
    });
    settings.invalidate(tenantId, lessonId);
    return this.get(tenantId, lessonId);
  }
}

/**
 * The tenant's lesson (404 otherwise), which must be a quiz (400); locked for a write on PostgreSQL, FOR
 * NO KEY UPDATE before holdResultWriters (pass-verdict.ts).
 */
async function quizLesson(
  db: Db,
  tenantId: number,
  lessonId: number,
  lock?: DialectName,
  mode?: 'update' | 'no key update',
) {
  const lesson = await ownedLesson(db, tenantId, lessonId, lock ? { lock, mode } : {});
  if (lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
  return lesson;
}

async function storedSettings(
  db: Db,
  lessonId: number,
  courseId: number,
): Promise<LessonExamSettings | null> {
  const row = await db
    .selectFrom('quiz_settings')
    .select([
      'lesson_id',
      'source',
      'draw_json',
      'time_limit_minutes',
      'pass_mark',
      'attempts_allowed',
      'counts',
      'review',
      'show_explanations',
      'opens_at',
      'closes_at',
    ])
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return row ? settingsOf({ ...row, course_id: courseId }) : null;
}

async function attemptsAt(db: Db, lessonId: number): Promise<number> {
  const row = await db
    .selectFrom('exam_attempts')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('lesson_id', '=', lessonId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Results of the quiz from before it became an exam (no attempt behind them): each is attempt 1. */
async function plainResultsAt(db: Db, lessonId: number): Promise<number> {
  const row = await db
    .selectFrom('quiz_results')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('lesson_id', '=', lessonId)
    .where('attempt_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The course's bank as the draw sees it: the questions not archived. */
async function bankPool(db: Db, tenantId: number, courseId: number): Promise<PoolQuestion[]> {
  const rows = await db
    .selectFrom('bank_questions')
    .select(['id', 'topic', 'difficulty', 'answers_json'])
    .where('tenant_id', '=', tenantId)
    .where('course_id', '=', courseId)
    .where('archived_at', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    topic: row.topic,
    difficulty: row.difficulty,
    answerCount: (fromJson<unknown[]>(row.answers_json) ?? []).length,
  }));
}

async function assertHasQuestions(db: Db, lessonId: number): Promise<void> {
  const question = await db
    .selectFrom('quiz_questions')
    .select('id')
    .where('lesson_id', '=', lessonId)
    .limit(1)
    .executeTakeFirst();
  if (!question) throw badRequest(FIXED_WITHOUT_QUESTIONS);
}

/** 400 naming the first rule the bank cannot fill. */
function assertDrawable(rules: readonly ExamDrawRule[], pool: readonly PoolQuestion[]): void {
  const available = availableFor(pool, rules);
  rules.forEach((rule, index) => {
    const found = available[index] ?? 0;
    if (found < rule.count) throw badRequest(ruleTooLarge(index + 1, rule.count, found));
  });
}

/** `passed` of every result of the lesson, by the settings as this transaction has written them. */
async function redecidePassed(db: Db, lessonId: number): Promise<void> {
  await db
    .updateTable('quiz_results')
    .set({ passed: passedBy(lessonId, sql.ref('quiz_results.score')) })
    .where('lesson_id', '=', lessonId)
    .execute();
}

function settingsSummary(lessonName: string, input: SettingsValues): string {
  return auditSummary.examSettings(lessonName, {
    drawn: input.source === 'bank' ? input.draw.reduce((n, rule) => n + rule.count, 0) : null,
    timeLimitMinutes: input.timeLimitMinutes,
    passMark: input.passMark,
    attemptsAllowed: input.attemptsAllowed,
  });
}
