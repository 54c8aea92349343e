// Courses as the admin edits them: a filtered list, the whole tree, create / edit / activate, the
// card image, and delete, which is refused (409) while any student uses the course.
import type {
  AdminCourse,
  AdminCourseDetail,
  AdminCourseQuery,
  AdminTeacher,
  CourseInput,
} from '@app/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, DialectName } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/app-error';
import type { AdminActor } from './admin-guard';
import { adminCourse, adminCourseColumns, adminUnits, toAdminCourse } from './admin-course-view';
import type { AdminWriter } from './admin-writer';
import type { FileKind } from './file-kind';
import { COURSE_NOT_FOUND, ownedCourse, ownedTeacher } from './owned-rows';
import { anyContains, containsPattern, paged } from './paging';
import type { UploadStore } from './upload-store';
import type { VideoFiles } from '../video/video-files';
import { auditSummary } from './audit-summaries';

export type CourseValues = z.output<typeof CourseInput>;
type CourseQuery = z.output<typeof AdminCourseQuery>;

export const courseInUse = (use: { enrolled: number; usedCodes: number; unlocked: number }) =>
  `This course cannot be deleted while students use it (enrolled: ${use.enrolled}, codes used: ` +
  `${use.usedCodes}, units unlocked: ${use.unlocked}). Deactivate it instead.`;

/** What the course and lesson services are given. */
export type ContentAdminDeps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  writer: AdminWriter;
  uploads: UploadStore;
  videoFiles: VideoFiles;
};
type Deps = ContentAdminDeps;

export class CourseAdminService {
  constructor(private readonly deps: Deps) {}

  async list(tenantId: number, query: CourseQuery) {
    let base = this.deps.db.selectFrom('courses').where('courses.tenant_id', '=', tenantId);
    const pattern = containsPattern(query.search);
    if (pattern) base = base.where(anyContains(['courses.name', 'courses.subject'], pattern));
    if (query.grade) base = base.where('courses.grade', '=', query.grade);
    if (query.term) base = base.where('courses.term', '=', query.term);
    if (query.active) base = base.where('courses.active', '=', query.active === 'true' ? 1 : 0);
    const { rows, meta } = await paged(base, query, (q) =>
      q.select(adminCourseColumns).orderBy('courses.id', 'desc'),
    );
    return { courses: rows.map(toAdminCourse), ...meta };
  }

  /** The tenant's teachers, for the course form's select. */
  async teachers(tenantId: number): Promise<AdminTeacher[]> {
    return this.deps.db
      .selectFrom('teachers')
      .select(['id', 'name', 'title'])
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async detail(tenantId: number, courseId: number): Promise<AdminCourseDetail> {
    const { db } = this.deps;
    const [course, units] = await Promise.all([
      adminCourse(db, tenantId, courseId),
      adminUnits(db, courseId),
    ]);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return { ...course, units };
  }

  async create(actor: AdminActor, input: CourseValues): Promise<AdminCourse> {
    const now = this.deps.clock.now().toISOString();
    const id = await this.deps.writer.run(actor, async (trx) => {
      if (input.teacherId !== null) await ownedTeacher(trx, actor.tenant.id, input.teacherId);
      const row = await trx
        .insertInto('courses')
        .values({ tenant_id: actor.tenant.id, ...columnsOf(input), created_at: now, modified_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        result: row.id,
        audit: {
          action: 'course.create',
          targetType: 'course',
          targetId: row.id,
          summary: auditSummary.course.created(input.name),
        },
        course: { id: row.id },
      };
    });
    return this.card(actor.tenant.id, id);
  }

  async update(actor: AdminActor, courseId: number, input: CourseValues): Promise<AdminCourse> {
    await this.deps.writer.run(actor, async (trx) => {
      await ownedCourse(trx, actor.tenant.id, courseId);
      if (input.teacherId !== null) await ownedTeacher(trx, actor.tenant.id, input.teacherId);
      await trx
        .updateTable('courses')
        .set({ ...columnsOf(input), modified_at: this.deps.clock.now().toISOString() })
        .where('id', '=', courseId)
        .execute();
      return {
        result: null,
        audit: {
          action: 'course.update',
          targetType: 'course',
          targetId: courseId,
          summary: auditSummary.course.updated(input.name),
        },
        course: { id: courseId },
      };
    });
    return this.card(actor.tenant.id, courseId);
  }

  async setActive(actor: AdminActor, courseId: number, active: boolean): Promise<AdminCourse> {
    await this.deps.writer.run(actor, async (trx) => {
      const course = await ownedCourse(trx, actor.tenant.id, courseId);
      await trx
        .updateTable('courses')
        .set({ active: active ? 1 : 0, modified_at: this.deps.clock.now().toISOString() })
        .where('id', '=', courseId)
        .execute();
      return {
        result: null,
        audit: {
          action: active ? 'course.activate' : 'course.deactivate',
          targetType: 'course',
          targetId: courseId,
          summary: auditSummary.course.active(course.name, active),
        },
        course: { id: courseId },
      };
    });
    return this.card(actor.tenant.id, courseId);
  }

  /**
   * Deletes the course with its units, lessons, quizzes and (unused) codes, by the schema's cascades,
   * in one statement. Refused while any student is enrolled, has unlocked one of its units or has
   * used one of its codes: their history would go with it. Deactivating hides it instead.
   */
  async remove(actor: AdminActor, courseId: number): Promise<void> {
    const { dialect } = this.deps;
    const lessonIds = await this.deps.writer.run(actor, async (trx) => {
      const course = await ownedCourse(trx, actor.tenant.id, courseId, { lock: dialect });
      const use = await courseUse(trx, courseId);
      if (use.enrolled + use.usedCodes + use.unlocked > 0) throw conflict(courseInUse(use));
      const lessons = await trx
        .selectFrom('lessons')
        .innerJoin('units', 'units.id', 'lessons.unit_id')
        .select('lessons.id')
        .where('units.course_id', '=', courseId)
        .execute();
      const ids = lessons.map((lesson) => lesson.id);
      const videoFiles = await this.deps.videoFiles.ofLessons(trx, ids);
      await trx.deleteFrom('courses').where('id', '=', courseId).execute();
      return {
        result: { ids, image: course.image_path, videoFiles },
        audit: {
          action: 'course.delete',
          targetType: 'course',
          targetId: courseId,
          summary: auditSummary.course.deleted(course.name),
        },
        course: { id: courseId, lessonIds: ids },
      };
    });
    await this.deps.uploads.discardImage(lessonIds.image);
    await this.deps.videoFiles.discard(lessonIds.videoFiles);
  }

  /** Stores the image, points the course at it, and removes the image it replaced. */
  async setImage(actor: AdminActor, courseId: number, file: { bytes: Buffer; kind: FileKind }) {
    const { uploads, writer, clock } = this.deps;
    await ownedCourse(this.deps.db, actor.tenant.id, courseId);
    const path = await uploads.saveImage(actor.tenant.id, file);
    let previous: string | null;
    try {
      previous = await writer.run(actor, async (trx) => {
        const course = await ownedCourse(trx, actor.tenant.id, courseId);
        await trx
          .updateTable('courses')
          .set({ image_path: path, modified_at: clock.now().toISOString() })
          .where('id', '=', courseId)
          .execute();
        return {
          result: course.image_path,
          audit: {
            action: 'course.image',
            targetType: 'course',
            targetId: courseId,
            summary: auditSummary.course.image(course.name, file),
          },
          course: { id: courseId },
        };
      });
    } catch (error) {
      await uploads.discardImage(path);
      throw error;
    }
    await uploads.discardImage(previous);
    return this.card(actor.tenant.id, courseId);
  }

  private async card(tenantId: number, courseId: number): Promise<AdminCourse> {
    const course = await adminCourse(this.deps.db, tenantId, courseId);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return course;
  }
}

const columnsOf = (input: CourseValues) => ({
  teacher_id: input.teacherId,
  name: input.name,
  subject: input.subject,
  description: input.description,
  price_cents: Math.round(input.price * 100),
  term: input.term,
  grade: input.grade,
  active: input.active ? (1 as const) : (0 as const),
  open_to_all: input.isOpenToAll ? (1 as const) : (0 as const),
});

/** How many students use the course: enrolled, codes used (enrolment or unit), units unlocked. */
async function courseUse(db: Db, courseId: number) {
  const count = sql<number | string>`count(*)`;
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('enrollments').select(count.as('n')).where('course_id', '=', courseId).as('enrolled'),
      eb
        .selectFrom('enrollment_codes')
        .select(count.as('n'))
        .where('course_id', '=', courseId)
        .where('used_by', 'is not', null)
        .as('used_enrolment_codes'),
      eb
        .selectFrom('unit_codes')
        .innerJoin('units', 'units.id', 'unit_codes.unit_id')
        .select(count.as('n'))
        .where('units.course_id', '=', courseId)
        .where('unit_codes.used_by', 'is not', null)
        .as('used_unit_codes'),
      eb
        .selectFrom('unit_unlocks')
        .innerJoin('units', 'units.id', 'unit_unlocks.unit_id')
        .select(count.as('n'))
        .where('units.course_id', '=', courseId)
        .as('unlocked'),
    ])
    .executeTakeFirstOrThrow();
  return {
    enrolled: Number(row.enrolled ?? 0),
    usedCodes: Number(row.used_enrolment_codes ?? 0) + Number(row.used_unit_codes ?? 0),
    unlocked: Number(row.unlocked ?? 0),
  };
}
