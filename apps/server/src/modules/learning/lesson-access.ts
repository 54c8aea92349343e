// Whether a student may open a lesson, decided on the server with the same domain rules the web app
// displays: enrolment window or unit-code window, then quiz locking within the unit.
import type { LessonRef, LessonRefusal } from '@app/contract';
import {
  courseUnitAvailability,
  isLessonLocked,
  isUnitAccessible,
  unitCodeAvailability,
  type UnitAvailability,
} from '@app/domain';
import type { Db } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/app-error';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import { toLessonRef, toProgress, type StudentProgress } from './student-progress';

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
};

export type OpenLesson = { lesson: LessonRow; ref: LessonRef };

/** A 403 whose data says why in the contract's terms. */
const refused = (message: string, reason: LessonRefusal['reason']) =>
  new AppError(403, message, { data: { reason } satisfies LessonRefusal });

export class LessonAccess {
  private readonly lessonRow;
  private readonly grantRow;

  constructor(
    private readonly deps: { db: Db; clock: Clock; catalogue: CatalogueCache; progress: StudentProgress },
  ) {
    this.lessonRow = prepare<{ lessonId: number; tenantId: number }, LessonRow>(deps.db, (q) =>
      q
        .selectFrom('lessons as l')
        .innerJoin('units as u', 'u.id', 'l.unit_id')
        .select([
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
        ])
        .where('l.id', '=', param<number>('lessonId'))
        .where('l.tenant_id', '=', param<number>('tenantId')),
    );
    // Both ways a student may hold a unit, in one round trip.
    this.grantRow = prepare<
      { userId: number; courseId: number; unitId: number },
      { enrolled_at: string | null; unlocked_at: string | null }
    >(deps.db, (q) =>
      q.selectNoFrom((eb) => [
        eb
          .selectFrom('enrollments')
          .select('enrolled_at')
          .where('user_id', '=', param<number>('userId'))
          .where('course_id', '=', param<number>('courseId'))
          .as('enrolled_at'),
        eb
          .selectFrom('unit_unlocks')
          .select('unlocked_at')
          .where('user_id', '=', param<number>('userId'))
          .where('unit_id', '=', param<number>('unitId'))
          .as('unlocked_at'),
      ]),
    );
  }

  /** The lesson when this student may open it now; otherwise 404 or 403 with the reason. */
  async open(tenant: Tenant, userId: number, lessonId: number): Promise<OpenLesson> {
    const { catalogue, progress, clock } = this.deps;
    const lesson = await this.lessonRow.first({ lessonId, tenantId: tenant.id });
    const course = lesson ? await catalogue.structure(tenant.id, lesson.course_id) : null;
    const unitIndex = course?.units.findIndex((unit) => unit.id === lesson?.unit_id) ?? -1;
    if (!lesson || !course || !course.active || unitIndex < 0) throw notFound(LESSON_NOT_FOUND);

    const [grant, studentProgress] = await Promise.all([
      this.grantRow.first({ userId, courseId: course.id, unitId: lesson.unit_id }),
      progress.of(userId),
    ]);
    if (!grant?.enrolled_at && !grant?.unlocked_at) throw refused(NOT_ENROLLED, 'not-enrolled');

    const now = clock.now();
    const grants: UnitAvailability[] = [];
    if (grant.enrolled_at) {
      grants.push(
        courseUnitAvailability({
          now,
          enrollmentDate: new Date(grant.enrolled_at),
          unitIndex,
          isOpenToAll: course.openToAll,
          timeZone: tenant.time_zone,
        }),
      );
    }
    if (grant.unlocked_at) {
      grants.push(
        unitCodeAvailability({ now, redeemedAt: new Date(grant.unlocked_at), timeZone: tenant.time_zone }),
      );
    }
    if (!grants.some(isUnitAccessible)) {
      throw grants.some((g) => g.state === 'not-yet')
        ? refused(UNIT_NOT_YET_OPEN, 'unit-not-yet-open')
        : refused(UNIT_ENDED, 'unit-ended');
    }

    const refs = course.units[unitIndex]!.lessons.map((entry) => toLessonRef(entry, studentProgress));
    const index = refs.findIndex((ref) => ref.id === lesson.id);
    if (isLessonLocked(refs.map(toProgress), index)) throw refused(PREVIOUS_QUIZ, 'previous-quiz');
    return { lesson, ref: refs[index]! };
  }
}
