// Whether a student may open a lesson, decided on the server with the same domain rules the web app
// displays: enrolment window or unit-code window, then quiz locking within the unit. The data for all
// of it (and the stored quiz result and the video's captions the callers need next) comes in one
// statement.
import type { LessonRef, LessonRefusal } from '@app/contract';
import {
  courseUnitAvailability,
  isLessonLocked,
  isUnitAccessible,
  unitCodeAvailability,
  type UnitAvailability,
} from '@app/domain';
import { expressionBuilder, type Expression, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import { asBoolean, fromJson } from '../../db/json';
import { param, prepare } from '../../db/prepared';
import type { Database, ExamAttemptTable, Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/app-error';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import {
  progressOf,
  toLessonRef,
  toProgress,
  type ProgressColumns,
  type StudentProgress,
} from './student-progress';

export const LESSON_NOT_FOUND = 'Lesson details not found.';
export const NOT_ENROLLED = 'You are not enrolled in this course';
export const UNIT_NOT_YET_OPEN = 'This unit is not open yet';
export const UNIT_ENDED = 'The access period for this unit has ended';
export const PREVIOUS_QUIZ = 'You must complete the previous quiz first';

type LessonRow = {
  id: number;
  name: string;
  type: 'Video' | 'Quiz';
  titel: string | null;
  video_url: string | null;
  live_session_url: string | null;
  attachment_url: string | null;
  attachment_title: string | null;
  attachment_file: string | null;
  unit_id: number;
  course_id: number;
  /** The uploaded video the lesson plays (decision 0012), or null to play `video_url`. */
  video_id: number | null;
  /** Its captions, a JSON array of { language, label } (lesson-video.ts reads it). */
  captions: unknown;
};

/** The student's stored quiz result, in stored ids (quiz-service.ts reads it). */
export type StoredResultRow = {
  score: number;
  correct_count: number;
  total: number;
  answers_json: string;
  /** 0/1 (0013): below an exam's pass mark or not; absent in rows read before it. */
  passed?: number;
  /** The exam attempt the result came from (0013), or null. */
  attempt_id?: number | null;
};

/** An exam attempt's columns as the student's calls read them (StoredAttemptRow). */
export const ATTEMPT_COLUMNS = [
  'id',
  'number',
  'source',
  'started_at',
  'deadline_at',
  'draw_json',
  'answers_json',
  'submitted_at',
  'submitted_by',
  'score',
  'correct_count',
  'total',
  'review_json',
] as const;

/** One of the student's exam attempts at this lesson (0013; modules/exams reads them). */
export type StoredAttemptRow = Pick<Selectable<ExamAttemptTable>, (typeof ATTEMPT_COLUMNS)[number]>;

type AccessRow = LessonRow &
  ProgressColumns & {
    enrolled_at: string | null;
    unlocked_at: string | null;
    result: unknown;
    attempt_started: boolean | number;
    attempts: unknown;
    extra_attempts: number | null;
  };

export type OpenLesson = {
  lesson: LessonRow;
  ref: LessonRef;
  /** This student's stored result of this lesson (a quiz), or null. */
  stored: StoredResultRow | null;
  /** Whether this student's attempt at this lesson (a quiz) has been recorded as started. */
  attemptStarted: boolean;
  /** This student's exam attempts at this lesson (an exam, 0013), by number; [] for a plain quiz. */
  attempts: StoredAttemptRow[];
  /** Attempts the teacher granted this student beyond the exam's own (0017); 0 for none. */
  extraAttempts: number;
};

/**
 * Both ways a student may hold a unit, as the columns `enrolled_at` (their enrolment in its course)
 * and `unlocked_at` (their unit code for it), each null when absent.
 */
export function grantColumns(userId: number, courseId: Expression<number>, unitId: Expression<number>) {
  const eb = expressionBuilder<Database, never>();
  return [
    eb
      .selectFrom('enrollments as e')
      .select('e.enrolled_at')
      .where('e.user_id', '=', userId)
      .where('e.course_id', '=', courseId)
      .as('enrolled_at'),
    eb
      .selectFrom('unit_unlocks as uu')
      .select('uu.unlocked_at')
      .where('uu.user_id', '=', userId)
      .where('uu.unit_id', '=', unitId)
      .as('unlocked_at'),
  ] as const;
}

/** A 403 whose data says why in the contract's terms. */
const refused = (message: string, reason: LessonRefusal['reason']) =>
  new AppError(403, message, { data: { reason } satisfies LessonRefusal });

export class LessonAccess {
  private readonly accessRow;

  constructor(
    private readonly deps: { db: Db; clock: Clock; catalogue: CatalogueCache; progress: StudentProgress },
  ) {
    const userId = param<number>('userId');
    // One round trip: the lesson, both ways a student may hold its unit, the student's progress in
    // that unit, and their stored result and started attempt of this lesson. The rules come after.
    this.accessRow = prepare<{ lessonId: number; tenantId: number; userId: number }, AccessRow>(
      deps.db,
      (q) =>
        q
          .selectFrom('lessons as l')
          .innerJoin('units as u', 'u.id', 'l.unit_id')
          .select((eb) => [
            'l.id',
            'l.name',
            'l.type',
            'l.titel',
            'l.video_url',
            'l.live_session_url',
            'l.attachment_url',
            'l.attachment_title',
            'l.attachment_file',
            'l.unit_id',
            'u.course_id',
            'l.video_id',
            deps.progress.json
              .arrayFrom(
                eb
                  .selectFrom('lesson_captions as c')
                  .select(['c.language', 'c.label'])
                  .whereRef('c.lesson_id', '=', 'l.id')
                  .orderBy('c.language'),
              )
              .as('captions'),
            ...grantColumns(userId, eb.ref('u.course_id'), eb.ref('l.unit_id')),
            ...deps.progress.inUnit(userId, eb.ref('l.unit_id')),
            deps.progress.json
              .objectFrom(
                eb
                  .selectFrom('quiz_results as r')
                  .select([
                    'r.score',
                    'r.correct_count',
                    'r.total',
                    'r.answers_json',
                    'r.passed',
                    'r.attempt_id',
                  ])
                  .where('r.user_id', '=', userId)
                  .whereRef('r.lesson_id', '=', 'l.id'),
              )
              .as('result'),
            eb
              .exists(
                eb
                  .selectFrom('quiz_attempts as a')
                  .select('a.lesson_id')
                  .where('a.user_id', '=', userId)
                  .whereRef('a.lesson_id', '=', 'l.id'),
              )
              .as('attempt_started'),
            // An exam's attempts (0013): an index probe of exam_attempts_lesson_ix, empty for a plain quiz.
            deps.progress.json
              .arrayFrom(
                eb
                  .selectFrom('exam_attempts as x')
                  .select(ATTEMPT_COLUMNS.map((column) => `x.${column}` as const))
                  .whereRef('x.lesson_id', '=', 'l.id')
                  .where('x.user_id', '=', userId)
                  .orderBy('x.number'),
              )
              .as('attempts'),
            // A retake granted to this student alone: a primary-key probe, null for none.
            eb
              .selectFrom('exam_extra_attempts as g')
              .select('g.extra')
              .whereRef('g.lesson_id', '=', 'l.id')
              .where('g.user_id', '=', userId)
              .as('extra_attempts'),
          ])
          .where('l.id', '=', param<number>('lessonId'))
          .where('l.tenant_id', '=', param<number>('tenantId')),
    );
  }

  /** The lesson when this student may open it now; otherwise 404 or 403 with the reason. */
  async open(tenant: Tenant, userId: number, lessonId: number): Promise<OpenLesson> {
    const { catalogue, clock } = this.deps;
    const row = await this.accessRow.first({ lessonId, tenantId: tenant.id, userId });
    const course = row ? await catalogue.structure(tenant.id, row.course_id) : null;
    const unitIndex = course?.units.findIndex((unit) => unit.id === row?.unit_id) ?? -1;
    if (!row || !course || !course.active || unitIndex < 0) throw notFound(LESSON_NOT_FOUND);
    if (!row.enrolled_at && !row.unlocked_at) throw refused(NOT_ENROLLED, 'not-enrolled');

    const now = clock.now();
    const grants: UnitAvailability[] = [];
    if (row.enrolled_at) {
      grants.push(
        courseUnitAvailability({
          now,
          enrollmentDate: new Date(row.enrolled_at),
          unitIndex,
          isOpenToAll: course.openToAll,
          timeZone: tenant.time_zone,
        }),
      );
    }
    if (row.unlocked_at) {
      grants.push(
        unitCodeAvailability({ now, redeemedAt: new Date(row.unlocked_at), timeZone: tenant.time_zone }),
      );
    }
    if (!grants.some(isUnitAccessible)) {
      throw grants.some((g) => g.state === 'not-yet')
        ? refused(UNIT_NOT_YET_OPEN, 'unit-not-yet-open')
        : refused(UNIT_ENDED, 'unit-ended');
    }

    const studentProgress = progressOf(row);
    const refs = course.units[unitIndex]!.lessons.map((entry) => toLessonRef(entry, studentProgress));
    const index = refs.findIndex((ref) => ref.id === row.id);
    if (isLessonLocked(refs.map(toProgress), index)) throw refused(PREVIOUS_QUIZ, 'previous-quiz');
    return {
      lesson: row,
      ref: refs[index]!,
      stored: fromJson<StoredResultRow>(row.result as string | null),
      attemptStarted: asBoolean(row.attempt_started),
      attempts: fromJson<StoredAttemptRow[]>(row.attempts as string | null) ?? [],
      extraAttempts: Number(row.extra_attempts ?? 0),
    };
  }
}
