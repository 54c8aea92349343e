// Rows an admin names by id, found only inside the admin's tenant: another school's ids answer 404
// exactly like ids that do not exist. On PostgreSQL a row read for a guarded change is locked (FOR
// UPDATE), so a student's enrolment or quiz submission (whose foreign key takes a share lock on the
// same row) cannot slip in between the check and the change; a change with nothing to guard against
// them asks for FOR NO KEY UPDATE, which other admin changes of the row still wait on but those checks
// do not.
import type { Db, DialectName } from '../../db/connect';
import { notFound } from '../../lib/app-error';

export const COURSE_NOT_FOUND = 'Course not found.';
export const UNIT_NOT_FOUND = 'Unit not found.';
export const LESSON_NOT_FOUND = 'Lesson not found.';
export const TEACHER_NOT_FOUND = 'Teacher not found.';
export const STUDENT_NOT_FOUND = 'Student not found.';
export const BATCH_NOT_FOUND = 'Code batch not found.';

type Lock = { lock?: DialectName };

export async function ownedCourse(db: Db, tenantId: number, courseId: number, options: Lock = {}) {
  let query = db
    .selectFrom('courses')
    .select(['id', 'name', 'image_path'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', courseId);
  if (options.lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(COURSE_NOT_FOUND);
  return row;
}

export async function ownedUnit(db: Db, tenantId: number, unitId: number, options: Lock = {}) {
  let query = db
    .selectFrom('units')
    .select(['id', 'course_id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', unitId);
  if (options.lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(UNIT_NOT_FOUND);
  return row;
}

export async function ownedLesson(
  db: Db,
  tenantId: number,
  lessonId: number,
  options: Lock & { mode?: 'update' | 'no key update' } = {},
) {
  let query = db
    .selectFrom('lessons as l')
    .innerJoin('units as u', 'u.id', 'l.unit_id')
    .select(['l.id', 'l.unit_id', 'u.course_id', 'l.name', 'l.type', 'l.attachment_file'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.id', '=', lessonId);
  if (options.lock === 'postgres')
    query = options.mode === 'no key update' ? query.forNoKeyUpdate('l') : query.forUpdate('l');
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(LESSON_NOT_FOUND);
  return row;
}

export async function ownedTeacher(db: Db, tenantId: number, teacherId: number): Promise<void> {
  const row = await db
    .selectFrom('teachers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', teacherId)
    .executeTakeFirst();
  if (!row) throw notFound(TEACHER_NOT_FOUND);
}

export async function ownedStudent(db: Db, tenantId: number, studentId: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', studentId)
    .where('role', '=', 'student')
    .executeTakeFirst();
  if (!row) throw notFound(STUDENT_NOT_FOUND);
  return row;
}
