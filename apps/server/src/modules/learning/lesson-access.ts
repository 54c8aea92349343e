// Whether a student may open a lesson, decided on the server with the same domain rules the web app
// displays: enrolment window or unit-code window, then quiz locking within the unit.
import {
  courseUnitAvailability,
  isLessonLocked,
  isUnitAccessible,
  unitCodeAvailability,
  type UnitAvailability,
} from '@app/domain';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { forbidden, notFound } from '../../lib/app-error';
import { lessonRows, toLessonRef, toProgress, type LessonRow } from './lesson-rows';

export const LESSON_NOT_FOUND = 'Lesson details not found.';
export const NOT_ENROLLED = 'You are not enrolled in this course';
export const UNIT_NOT_YET_OPEN = 'This unit is not open yet';
export const UNIT_ENDED = 'The access period for this unit has ended';
export const PREVIOUS_QUIZ = 'You must complete the previous quiz first';

export type OpenLesson = {
  lesson: {
    id: number;
    name: string;
    type: 'Video' | 'Quiz';
    titel: string | null;
    video_url: string | null;
    attachment_url: string | null;
    attachment_title: string | null;
    attachment_file: string | null;
  };
  row: LessonRow;
};

export class LessonAccess {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** The lesson when this student may open it now; otherwise 404 or 403 with the reason. */
  async open(tenant: Tenant, userId: number, lessonId: number): Promise<OpenLesson> {
    const { db } = this.deps;
    const lesson = await db
      .selectFrom('lessons as l')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .innerJoin('courses as c', 'c.id', 'u.course_id')
      .select([
        'l.id',
        'l.name',
        'l.type',
        'l.titel',
        'l.video_url',
        'l.attachment_url',
        'l.attachment_title',
        'l.attachment_file',
        'u.id as unit_id',
        'u.course_id',
        'c.open_to_all',
      ])
      .where('l.id', '=', lessonId)
      .where('l.tenant_id', '=', tenant.id)
      .where('c.active', '=', 1)
      .executeTakeFirst();
    if (!lesson) throw notFound(LESSON_NOT_FOUND);

    const [unitIds, enrollment, unlock, rows] = await Promise.all([
      db
        .selectFrom('units')
        .select('id')
        .where('course_id', '=', lesson.course_id)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('enrollments')
        .select('enrolled_at')
        .where('user_id', '=', userId)
        .where('course_id', '=', lesson.course_id)
        .executeTakeFirst(),
      db
        .selectFrom('unit_unlocks')
        .select('unlocked_at')
        .where('user_id', '=', userId)
        .where('unit_id', '=', lesson.unit_id)
        .executeTakeFirst(),
      lessonRows(db, { unitId: lesson.unit_id }, userId),
    ]);
    if (!enrollment && !unlock) throw forbidden(NOT_ENROLLED);

    const now = this.deps.clock.now();
    const grants: UnitAvailability[] = [];
    if (enrollment) {
      grants.push(
        courseUnitAvailability({
          now,
          enrollmentDate: new Date(enrollment.enrolled_at),
          unitIndex: unitIds.findIndex((unit) => unit.id === lesson.unit_id),
          isOpenToAll: lesson.open_to_all === 1,
          timeZone: tenant.time_zone,
        }),
      );
    }
    if (unlock)
      grants.push(
        unitCodeAvailability({ now, redeemedAt: new Date(unlock.unlocked_at), timeZone: tenant.time_zone }),
      );
    if (!grants.some(isUnitAccessible)) {
      throw forbidden(grants.some((grant) => grant.state === 'not-yet') ? UNIT_NOT_YET_OPEN : UNIT_ENDED);
    }

    const index = rows.findIndex((row) => row.id === lesson.id);
    if (
      isLessonLocked(
        rows.map((row) => toProgress(toLessonRef(row))),
        index,
      )
    )
      throw forbidden(PREVIOUS_QUIZ);
    return { lesson, row: rows[index]! };
  }
}
