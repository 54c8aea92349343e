// The public catalogue: active courses of a grade, a course's detail and its lesson tree.
import type { CourseDetail, CoursePage, CourseTree } from '@app/contract';
import { pageCount } from '@app/domain';
import type { Db } from '../../db/connect';
import { notFound } from '../../lib/app-error';
import { NO_PROGRESS, unitRefs } from '../learning/student-progress';
import type { CatalogueCache } from './catalogue-cache';
import { courseColumns, toCourse, toTeacher } from './course-view';

export const COURSE_NOT_FOUND = 'Course details not found.';

export class CatalogueService {
  constructor(
    private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  /** A public page, the same for every visitor: served from the catalogue cache. */
  activeCourses(tenantId: number, grade: string, page: number, size: number): Promise<CoursePage> {
    return this.cache.page({ tenantId, grade, page, size }, () =>
      this.loadActiveCourses(tenantId, grade, page, size),
    );
  }

  private async loadActiveCourses(
    tenantId: number,
    grade: string,
    page: number,
    size: number,
  ): Promise<CoursePage> {
    const base = this.db
      .selectFrom('courses')
      .where('courses.tenant_id', '=', tenantId)
      .where('courses.grade', '=', grade)
      .where('courses.active', '=', 1);
    const [rows, total] = await Promise.all([
      base
        .select(courseColumns)
        .orderBy('courses.id')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const totalCount = Number(total.n);
    return {
      courses: rows.map(toCourse),
      totalCount,
      totalPages: pageCount(totalCount, size),
      currentPage: page,
      pageSize: size,
    };
  }

  /** An active course of this tenant, or 404: inactive and foreign courses look the same as missing. */
  async courseDetail(tenantId: number, courseId: number): Promise<CourseDetail> {
    const row = await this.activeCourseRow(tenantId, courseId);
    const teacher = row.teacher_id
      ? await this.db.selectFrom('teachers').selectAll().where('id', '=', row.teacher_id).executeTakeFirst()
      : undefined;
    return { ...toCourse(row), teacher: teacher ? toTeacher(teacher) : null };
  }

  /** The Course with its units (lesson names and types from the structure cache). */
  async courseTree(tenantId: number, courseId: number): Promise<CourseTree> {
    const [row, course] = await Promise.all([
      this.activeCourseRow(tenantId, courseId),
      this.cache.structure(tenantId, courseId),
    ]);
    if (!course || !course.active) throw notFound(COURSE_NOT_FOUND);
    return { ...toCourse(row), units: unitRefs(course.units, NO_PROGRESS) };
  }

  private async activeCourseRow(tenantId: number, courseId: number) {
    const row = await this.db
      .selectFrom('courses')
      .select(courseColumns)
      .where('courses.tenant_id', '=', tenantId)
      .where('courses.id', '=', courseId)
      .where('courses.active', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound(COURSE_NOT_FOUND);
    return row;
  }

  async teacher(tenantId: number, teacherId: number) {
    const row = await this.db
      .selectFrom('teachers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', teacherId)
      .executeTakeFirst();
    if (!row) throw notFound('Teacher not found.');
    return toTeacher(row);
  }
}
