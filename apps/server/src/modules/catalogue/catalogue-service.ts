// The public catalogue: active courses of a grade, a course's detail and its lesson tree.
import type { CourseDetail, CoursePage, CourseTree } from '@app/contract';
import { pageCount } from '@app/domain';
import type { Db } from '../../db/connect';
import { notFound } from '../../lib/app-error';
import { groupIntoUnits, lessonRows, unitsOfCourse } from '../learning/lesson-rows';
import { courseColumns, composeCourseName, toCourse, toTeacher } from './course-view';

export const COURSE_NOT_FOUND = 'Course details not found.';

export class CatalogueService {
  constructor(private readonly db: Db) {}

  async activeCourses(tenantId: number, grade: string, page: number, size: number): Promise<CoursePage> {
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
    const row = await this.db
      .selectFrom('courses')
      .select(courseColumns)
      .where('courses.tenant_id', '=', tenantId)
      .where('courses.id', '=', courseId)
      .where('courses.active', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound(COURSE_NOT_FOUND);
    const teacher = row.teacher_id
      ? await this.db.selectFrom('teachers').selectAll().where('id', '=', row.teacher_id).executeTakeFirst()
      : undefined;
    return { ...toCourse(row), teacher: teacher ? toTeacher(teacher) : null };
  }

  async courseTree(tenantId: number, courseId: number): Promise<CourseTree> {
    const course = await this.db
      .selectFrom('courses')
      .select(['id', 'name', 'subject'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', courseId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const [units, rows] = await Promise.all([
      unitsOfCourse(this.db, courseId),
      lessonRows(this.db, { courseId }, null),
    ]);
    return {
      id: course.id,
      courseName: composeCourseName(course.subject, course.name),
      units: groupIntoUnits(units, rows),
    };
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
