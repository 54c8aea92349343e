// One student's retake (decision 0013, "One student's retake"): a student below the pass mark with no
// attempt left stays locked out of the rest of the unit, and the statistics list them (`lockedOut`).
// The teacher lets that one student start one more attempt, instead of allowing more attempts for the
// whole class. The grant is the number of extra attempts that leaves the student exactly one to start
// (domain `extraForRetake`), so asking twice gives one retake, and two teachers asking at once write
// the same row. The student's read of the lesson picks it up in the statement it already makes
// (learning/lesson-access.ts), so nothing is cached to forget. A grant that changes something is
// written with its audit entry (admin-writer.ts); one asked again changes nothing and records nothing.
// A grant can be taken back (a mis-tap undone) as long as its attempt has not started: `withdraw` keeps
// the extra attempts the student used and removes the rest (domain `extraAfterWithdrawal`).
import type { RetakeGrant, RetakeRefusal, RetakeWithdrawal } from '@app/contract';
import { attemptsUsed, examWindow, extraAfterWithdrawal, extraForRetake } from '@app/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AdminActor } from '../admin/admin-guard';
import type { AdminWriter } from '../admin/admin-writer';
import { ownedLesson } from '../admin/owned-rows';
import { NOT_A_QUIZ } from '../learning/quiz-service';
import { NOT_AN_EXAM } from './attempt-service';
import type { ExamSettingsCache } from './settings-cache';
import { auditSummary } from '../admin/audit-summaries';

export const NO_RESULT = 'This student has no result in this quiz';
export const RETAKE_EXAM_CLOSED = 'The exam has closed: set a later closing time to let students take it';
export const RETAKE_ATTEMPT_OPEN = 'The student is taking an attempt now';
export const RETAKE_CHANGED = "The student's attempts changed meanwhile: read the statistics again";

const refusal = (message: string, reason: RetakeRefusal['reason']) =>
  conflict(message, { reason } satisfies RetakeRefusal);

export class RetakeService {
  constructor(
    private readonly deps: { db: Db; writer: AdminWriter; settings: ExamSettingsCache; clock: Clock },
  ) {}

  async grant(actor: AdminActor, lessonId: number, userId: number): Promise<RetakeGrant> {
    const { lesson, settings, student, used, granted } = await this.standing(actor, lessonId, userId, {
      refuseClosed: true,
    });
    const extra = extraForRetake(settings.attemptsAllowed, used, granted);
    if (extra !== granted) {
      const grantedAt = this.deps.clock.now().toISOString();
      await this.deps.writer.run(actor, async (trx) => {
        // Never lower: a grant computed before the student's retake must not take back a later one.
        await trx
          .insertInto('exam_extra_attempts')
          .values({
            lesson_id: settings.lessonId,
            user_id: userId,
            tenant_id: actor.tenant.id,
            extra,
            granted_at: grantedAt,
          })
          .onConflict((oc) =>
            oc.columns(['lesson_id', 'user_id']).doUpdateSet({
              extra: sql<number>`case when exam_extra_attempts.extra > excluded.extra then exam_extra_attempts.extra else excluded.extra end`,
              granted_at: grantedAt,
            }),
          )
          .execute();
        return {
          result: null,
          audit: {
            action: 'quiz.retake.grant',
            targetType: 'lesson',
            targetId: settings.lessonId,
            summary: auditSummary.retakeGranted(
              student,
              lesson.name,
              used + 1,
              extra,
              settings.attemptsAllowed,
            ),
          },
        };
      });
    }
    return { userId, attemptsAllowed: settings.attemptsAllowed + extra, attemptsUsed: used };
  }

  /** Takes back what a grant gave and the student has not started; a closed exam does not matter. */
  async withdraw(actor: AdminActor, lessonId: number, userId: number): Promise<RetakeWithdrawal> {
    const { lesson, settings, student, used, granted } = await this.standing(actor, lessonId, userId, {
      refuseClosed: false,
    });
    const extra = extraAfterWithdrawal(settings.attemptsAllowed, used, granted);
    if (extra !== granted) {
      await this.deps.writer.run(actor, async (trx) => {
        // Only the grant read above, and only while no attempt is open: a retake started or granted
        // again in between is not taken back behind the teacher's back (nothing written, 409).
        const { numUpdatedRows } = await trx
          .updateTable('exam_extra_attempts')
          .set({ extra })
          .where('lesson_id', '=', settings.lessonId)
          .where('user_id', '=', userId)
          .where('extra', '=', granted)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('exam_attempts as o')
                  .select('o.id')
                  .where('o.lesson_id', '=', settings.lessonId)
                  .where('o.user_id', '=', userId)
                  .where('o.submitted_at', 'is', null),
              ),
            ),
          )
          .executeTakeFirst();
        if (numUpdatedRows !== 1n) throw conflict(RETAKE_CHANGED);
        return {
          result: null,
          audit: {
            action: 'quiz.retake.withdraw',
            targetType: 'lesson',
            targetId: settings.lessonId,
            summary: auditSummary.retakeWithdrawn(
              student,
              lesson.name,
              used + 1,
              extra,
              settings.attemptsAllowed,
            ),
          },
        };
      });
    }
    return {
      userId,
      attemptsAllowed: settings.attemptsAllowed + extra,
      attemptsUsed: used,
      withdrawn: granted - extra,
    };
  }

  /**
   * The exam and where this student stands in it: attempts used and extra attempts granted. 404 for
   * another school's lesson or a student with no result here, 400 for a video or a plain quiz, 409
   * while the student is taking an attempt, and (`refuseClosed`) 409 once the exam has closed, which
   * is the first thing a teacher must change.
   */
  private async standing(
    actor: AdminActor,
    lessonId: number,
    userId: number,
    { refuseClosed }: { refuseClosed: boolean },
  ) {
    const tenantId = actor.tenant.id;
    const { db } = this.deps;
    const lesson = await ownedLesson(db, tenantId, lessonId);
    if (lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
    const settings = await this.deps.settings.get(tenantId, lessonId);
    // A plain quiz has one attempt for everyone and no pass mark: no one is ever locked out of it.
    if (!settings) throw badRequest(NOT_AN_EXAM);
    if (refuseClosed && examWindow(this.deps.clock.now(), settings) === 'exam-closed') {
      throw refusal(RETAKE_EXAM_CLOSED, 'exam-closed');
    }

    const row = await db
      .selectFrom('quiz_results as r')
      .leftJoin('exam_extra_attempts as g', (join) =>
        join.onRef('g.lesson_id', '=', 'r.lesson_id').onRef('g.user_id', '=', 'r.user_id'),
      )
      .innerJoin('users as s', 's.id', 'r.user_id')
      .select((eb) => [
        's.name',
        'r.attempt_id',
        'g.extra',
        eb
          .selectFrom('exam_attempts as a')
          .select((inner) => inner.fn.max('a.number').as('n'))
          .whereRef('a.lesson_id', '=', 'r.lesson_id')
          .whereRef('a.user_id', '=', 'r.user_id')
          .as('last_number'),
        eb
          .selectFrom('exam_attempts as o')
          .select('o.id')
          .whereRef('o.lesson_id', '=', 'r.lesson_id')
          .whereRef('o.user_id', '=', 'r.user_id')
          .where('o.submitted_at', 'is', null)
          .limit(1)
          .as('open_attempt'),
      ])
      .where('r.tenant_id', '=', tenantId)
      .where('r.lesson_id', '=', settings.lessonId)
      .where('r.user_id', '=', userId)
      .executeTakeFirst();
    // Every attempt used ends in a result (the student's submission or the server's at the
    // deadline), so a student without one has an attempt to start, or is not this school's.
    if (!row) throw notFound(NO_RESULT);
    if (row.open_attempt !== null) throw refusal(RETAKE_ATTEMPT_OPEN, 'attempt-open');
    const used = attemptsUsed(
      row.last_number === null ? [] : [Number(row.last_number)],
      row.attempt_id === null,
    );
    return { lesson, settings, student: row.name, used, granted: Number(row.extra ?? 0) };
  }
}
