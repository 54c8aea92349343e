// Course rows as the admin sees them (AdminCourse: the stored name and subject apart, the teacher,
// enrolment count) and a course's units and lessons in order, each read in one query.
import type { AdminCourse, AdminUnit } from '@app/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { courseColumns, type CourseRow } from '../catalogue/course-view';

/** The catalogue's course columns plus how many students are enrolled. */
export const adminCourseColumns = (eb: ExpressionBuilder<Database, 'courses'>) =>
  [
    ...courseColumns(eb),
    eb
      .selectFrom('enrollments')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('enrollments.course_id', '=', 'courses.id')
      .as('enrolled_count'),
  ] as const;

type AdminCourseRow = CourseRow & { teacher_id: number | null; enrolled_count: number | string | null };

export const toAdminCourse = (row: AdminCourseRow): AdminCourse => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  description: row.description,
  imagePath: row.image_path,
  price: row.price_cents / 100,
  term: row.term,
  grade: row.grade,
  active: row.active === 1,
  isOpenToAll: row.open_to_all === 1,
  teacherId: row.teacher_id,
  unitCount: Number(row.unit_count ?? 0),
  lessonCount: Number(row.lesson_count ?? 0),
  enrolledCount: Number(row.enrolled_count ?? 0),
  modificationDate: row.modified_at,
});

export async function adminCourse(db: Db, tenantId: number, courseId: number): Promise<AdminCourse | null> {
  const row = await db
    .selectFrom('courses')
    .select(adminCourseColumns)
    .where('courses.tenant_id', '=', tenantId)
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  return row ? toAdminCourse(row) : null;
}

/** The units of a course with their lessons, in order; positions are 1-based. */
export async function adminUnits(db: Db, courseId: number): Promise<AdminUnit[]> {
  const query = db
    .selectFrom('units as u')
    .leftJoin('lessons as l', 'l.unit_id', 'u.id')
    .select((eb) => [
      'u.id as unit_id',
      'u.name as unit_name',
      'u.title as unit_title',
      'l.id',
      'l.name',
      'l.type',
      eb
        .selectFrom('quiz_questions as q')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('q.lesson_id', '=', 'l.id')
        .as('question_count'),
    ])
    .where('u.course_id', '=', courseId)
    .orderBy('u.position')
    .orderBy('u.id')
    .orderBy('l.position')
    .orderBy('l.id');
  const units: AdminUnit[] = [];
  let position = 0;
  for (const row of await query.execute()) {
    let unit = units.at(-1);
    if (!unit || unit.id !== row.unit_id) {
      position += 1;
      unit = { id: row.unit_id, name: row.unit_name, title: row.unit_title, position, lessons: [] };
      units.push(unit);
    }
    if (row.id !== null && row.name !== null && row.type !== null)
      unit.lessons.push({
        id: row.id,
        name: row.name,
        type: row.type,
        position: unit.lessons.length + 1,
        questionCount: Number(row.question_count ?? 0),
      });
  }
  return units;
}

/** One unit as it stands in its course (its position counts the units before it). */
export async function adminUnit(db: Db, courseId: number, unitId: number): Promise<AdminUnit> {
  const unit = (await adminUnits(db, courseId)).find((entry) => entry.id === unitId);
  if (!unit) throw new Error(`unit ${unitId} is not in course ${courseId}`);
  return unit;
}
