// Enrolment: by a single-use code (atomic: of two students racing for one code exactly one wins), or
// directly for a free course. Wrong codes are counted per account and per address.
import type { CoursePage, EnrolledCourseRef } from '@app/contract';
import { normalizeCode, pageCount } from '@app/domain';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { consumeAll, type ClientAddress, type Limits } from '../../lib/limits';
import { composeCourseName, courseColumns, toCourse } from '../catalogue/course-view';
import { COURSE_NOT_FOUND } from '../catalogue/catalogue-service';

export const CODE_NOT_FOUND = 'Code not found.';
export const CODE_USED = 'Code already used.';
export const ALREADY_ENROLLED = 'Already enrolled';
export const CODE_REQUIRED = 'Code is required';
export const OWN_ACCOUNT_ONLY = 'You can only act on your own account';

export class EnrolmentService {
  constructor(private readonly deps: { db: Db; clock: Clock; limits: Limits }) {}

  async isEnrolled(userId: number, courseId: number): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom('enrollments')
      .select('id')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async enrolledCourses(tenantId: number, userId: number, page: number, size: number): Promise<CoursePage> {
    const { db } = this.deps;
    const base = db
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .where('enrollments.user_id', '=', userId)
      .where('courses.tenant_id', '=', tenantId)
      .where('courses.active', '=', 1);
    const [rows, total] = await Promise.all([
      base
        .select(courseColumns)
        .orderBy('enrollments.enrolled_at', 'desc')
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

  /**
   * The code decides the course (the call names none), and the answer names it, so a code of
   * another course than the page's says which course it opened. "Already enrolled" is said only when
   * the student is enrolled in the code's course, and names that course too.
   */
  async enrolByCode(
    tenant: Tenant,
    userId: number,
    rawCode: string,
    address: ClientAddress,
  ): Promise<EnrolledCourseRef> {
    const { db, clock, limits } = this.deps;
    const accountKey = `${tenant.id}:${userId}`;
    // Counted before the code is looked up, and given back once it proves to be a real code.
    const guess = await consumeAll([[limits.codeAccount, accountKey], limits.codeAddress.of(address)]);
    const code = normalizeCode(rawCode);
    const row = await db
      .selectFrom('enrollment_codes as ec')
      .innerJoin('courses as c', 'c.id', 'ec.course_id')
      .select(['ec.id', 'ec.course_id', 'ec.used_by', 'ec.disabled_at', 'c.active', 'c.name', 'c.subject'])
      .where('ec.code', '=', code)
      .where('ec.tenant_id', '=', tenant.id)
      .executeTakeFirst();
    if (!row || row.disabled_at !== null || row.active !== 1) {
      throw notFound(CODE_NOT_FOUND);
    }
    await guess.refund();
    const course: EnrolledCourseRef = {
      courseId: row.course_id,
      courseName: composeCourseName(row.subject, row.name),
    };
    if (await this.isEnrolled(userId, row.course_id)) throw conflict(ALREADY_ENROLLED, course);
    if (row.used_by !== null) throw conflict(CODE_USED);

    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('enrollment_codes')
        .set({ used_by: userId, used_at: now })
        .where('id', '=', row.id)
        .where('used_by', 'is', null)
        // An admin may disable the code between the read above and this claim.
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(CODE_USED);
      const enrolled = await trx
        .insertInto('enrollments')
        .values({
          tenant_id: tenant.id,
          user_id: userId,
          course_id: row.course_id,
          enrolled_at: now,
          source: 'code',
          code_id: row.id,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      // Enrolled meanwhile by another request: the code is given back by the rollback.
      if (!enrolled) throw conflict(ALREADY_ENROLLED, course);
    });
    return course;
  }

  /** A course priced 0 is started without a code. */
  async enrolFree(tenant: Tenant, userId: number, courseId: number): Promise<EnrolledCourseRef> {
    const { db, clock } = this.deps;
    const row = await db
      .selectFrom('courses')
      .select(['id', 'price_cents', 'name', 'subject'])
      .where('tenant_id', '=', tenant.id)
      .where('id', '=', courseId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound(COURSE_NOT_FOUND);
    if (row.price_cents !== 0) throw badRequest(CODE_REQUIRED, { Code: CODE_REQUIRED });
    const course: EnrolledCourseRef = { courseId, courseName: composeCourseName(row.subject, row.name) };
    const enrolled = await db
      .insertInto('enrollments')
      .values({
        tenant_id: tenant.id,
        user_id: userId,
        course_id: courseId,
        enrolled_at: clock.now().toISOString(),
        source: 'free',
        code_id: null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!enrolled) throw conflict(ALREADY_ENROLLED, course);
    return course;
  }
}

/** `studentId` parameters must name the caller: one student never reads or acts for another. */
export function assertSelf(callerId: number, studentId: number): void {
  if (callerId !== studentId) throw forbidden(OWN_ACCOUNT_ONLY);
}
