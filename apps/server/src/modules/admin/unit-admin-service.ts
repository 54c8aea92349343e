// Units of a course: add, rename, delete (refused while students use the unit) and reorder.
import type { AdminCourseDetail, AdminUnit, UnitInput } from '@app/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, DialectName } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/app-error';
import type { AdminActor } from './admin-guard';
import { adminUnit } from './admin-course-view';
import type { AdminWriter } from './admin-writer';
import type { CourseAdminService } from './course-admin-service';
import { assertPermutation, positionsOf } from './ordering';
import { ownedCourse, ownedUnit } from './owned-rows';
import type { UploadStore } from './upload-store';
import type { VideoFiles } from '../video/video-files';
import { auditSummary } from './audit-summaries';

type UnitValues = z.output<typeof UnitInput>;

export const UNIT_ORDER_MISMATCH = 'ids must list every unit of the course exactly once';
export const unitInUse = (use: { unlocked: number; usedCodes: number; results: number }) =>
  `This unit cannot be deleted while students use it (unlocked: ${use.unlocked}, codes used: ` +
  `${use.usedCodes}, quiz results: ${use.results}).`;

type Deps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  writer: AdminWriter;
  uploads: UploadStore;
  courses: CourseAdminService;
  videoFiles: VideoFiles;
};

export class UnitAdminService {
  constructor(private readonly deps: Deps) {}

  async create(actor: AdminActor, courseId: number, input: UnitValues): Promise<AdminUnit> {
    const unitId = await this.deps.writer.run(actor, async (trx) => {
      await ownedCourse(trx, actor.tenant.id, courseId);
      const last = await trx
        .selectFrom('units')
        .select(sql<number | null>`max(position)`.as('position'))
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      const row = await trx
        .insertInto('units')
        .values({
          tenant_id: actor.tenant.id,
          course_id: courseId,
          position: Number(last?.position ?? 0) + 1,
          name: input.name,
          title: input.title,
          created_at: this.deps.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        result: row.id,
        audit: {
          action: 'unit.create',
          targetType: 'unit',
          targetId: row.id,
          summary: auditSummary.unitCreated(input.name),
        },
        course: { id: courseId },
      };
    });
    return adminUnit(this.deps.db, courseId, unitId);
  }

  async update(actor: AdminActor, unitId: number, input: UnitValues): Promise<AdminUnit> {
    const courseId = await this.deps.writer.run(actor, async (trx) => {
      const unit = await ownedUnit(trx, actor.tenant.id, unitId);
      await trx
        .updateTable('units')
        .set({ name: input.name, title: input.title })
        .where('id', '=', unitId)
        .execute();
      return {
        result: unit.course_id,
        audit: {
          action: 'unit.update',
          targetType: 'unit',
          targetId: unitId,
          summary: auditSummary.unitUpdated(input.name),
        },
        course: { id: unit.course_id },
      };
    });
    return adminUnit(this.deps.db, courseId, unitId);
  }

  /**
   * Deletes the unit, its lessons, quizzes and unused codes (by the schema's cascades). Refused while
   * a student has unlocked it, used one of its codes or submitted one of its quizzes.
   */
  async remove(actor: AdminActor, unitId: number): Promise<void> {
    const { files, videoFiles } = await this.deps.writer.run(actor, async (trx) => {
      const unit = await ownedUnit(trx, actor.tenant.id, unitId, { lock: this.deps.dialect });
      const use = await unitUse(trx, unitId);
      if (use.unlocked + use.usedCodes + use.results > 0) throw conflict(unitInUse(use));
      const lessons = await trx
        .selectFrom('lessons')
        .select(['id', 'attachment_file'])
        .where('unit_id', '=', unitId)
        .execute();
      const videoFiles = await this.deps.videoFiles.ofLessons(
        trx,
        lessons.map((lesson) => lesson.id),
      );
      await trx.deleteFrom('units').where('id', '=', unitId).execute();
      return {
        result: { files: lessons.map((lesson) => lesson.attachment_file), videoFiles },
        audit: {
          action: 'unit.delete',
          targetType: 'unit',
          targetId: unitId,
          summary: auditSummary.unitDeleted(unit.name),
        },
        course: { id: unit.course_id, lessonIds: lessons.map((lesson) => lesson.id) },
      };
    });
    for (const file of files) await this.deps.uploads.discardAttachment(file);
    await this.deps.videoFiles.discard(videoFiles);
  }

  async reorder(actor: AdminActor, courseId: number, ids: readonly number[]): Promise<AdminCourseDetail> {
    await this.deps.writer.run(actor, async (trx) => {
      const course = await ownedCourse(trx, actor.tenant.id, courseId);
      const units = await trx.selectFrom('units').select('id').where('course_id', '=', courseId).execute();
      assertPermutation(
        units.map((unit) => unit.id),
        ids,
        UNIT_ORDER_MISMATCH,
      );
      await trx
        .updateTable('units')
        .set({ position: positionsOf(ids) })
        .where('course_id', '=', courseId)
        .execute();
      return {
        result: null,
        audit: {
          action: 'unit.reorder',
          targetType: 'course',
          targetId: courseId,
          summary: auditSummary.unitsReordered(course.name, ids.length),
        },
        course: { id: courseId },
      };
    });
    return this.deps.courses.detail(actor.tenant.id, courseId);
  }
}

async function unitUse(db: Db, unitId: number) {
  const count = sql<number | string>`count(*)`;
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('unit_unlocks').select(count.as('n')).where('unit_id', '=', unitId).as('unlocked'),
      eb
        .selectFrom('unit_codes')
        .select(count.as('n'))
        .where('unit_id', '=', unitId)
        .where('used_by', 'is not', null)
        .as('used_codes'),
      eb
        .selectFrom('quiz_results')
        .innerJoin('lessons', 'lessons.id', 'quiz_results.lesson_id')
        .select(count.as('n'))
        .where('lessons.unit_id', '=', unitId)
        .as('results'),
    ])
    .executeTakeFirstOrThrow();
  return {
    unlocked: Number(row.unlocked ?? 0),
    usedCodes: Number(row.used_codes ?? 0),
    results: Number(row.results ?? 0),
  };
}
