// Enrolment: by a single-use code (atomic: of two students racing for one code exactly one wins), or
// directly for a free course. Wrong codes are counted per account and per address.
import type { CoursePage, EnrolledCourseRef } from '@app/contract';
import { normalizeCode, pageCount } from '@app/domain';
import type { Db, DialectName } from '../../db/connect';
import { fromJson, jsonHelpers } from '../../db/json';
import { param, prepare } from '../../db/prepared';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { consumeAll, type ClientAddress, type Limits } from '../../lib/limits';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import { composeCourseName, toCourse, type CourseRow } from '../catalogue/course-view';
import { COURSE_NOT_FOUND } from '../catalogue/catalogue-service';

export const CODE_NOT_FOUND = 'Code not found.';
export const CODE_USED = 'Code already used.';
export const ALREADY_ENROLLED = 'Already enrolled';
export const CODE_REQUIRED = 'Code is required';
export const OWN_ACCOUNT_ONLY = 'You can only act on your own account';

type Deps = { db: Db; dialect: DialectName; clock: Clock; limits: Limits; catalogue: CatalogueCache };
type PageArgs = { userId: number; tenantId: number; limit: number; offset: number };
type EnrolledCourseRow = Omit<CourseRow, 'unit_count' | 'lesson_count'> & { enrolled_at: string };

export class EnrolmentService {
  private readonly enrolmentId;
  private readonly coursePage;

  constructor(private readonly deps: Deps) {
    this.enrolmentId = prepare<{ userId: number; courseId: number }, { id: number }>(deps.db, (q) =>
      q
        .selectFrom('enrollments')
        .select('id')
        .where('user_id', '=', param<number>('userId'))
        .where('course_id', '=', param<number>('courseId')),
    );
    // One round trip: the page and the count, driven by the (user_id, enrolled_at, course_id) index
    // (migration 0009). Unit and lesson counts come from the cached course structure.
    const json = jsonHelpers(deps.dialect);
    this.coursePage = prepare<PageArgs, { total: number | string; courses: unknown }>(deps.db, (q) => {
      const enrolled = q
        .selectFrom('enrollments as e')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .where('e.user_id', '=', param<number>('userId'))
        .where('c.tenant_id', '=', param<number>('tenantId'))
        .where('c.active', '=', 1);
      const page = enrolled
        .select([
          'c.id',
          'c.name',
          'c.subject',
          'c.description',
          'c.image_path',
          'c.price_cents',
          'c.term',
          'c.grade',
          'c.active',
          'c.open_to_all',
          'c.modified_at',
          'e.enrolled_at',
        ])
        .orderBy('e.enrolled_at', 'desc')
        .orderBy('e.course_id')
        .limit(param<number>('limit'))
        .offset(param<number>('offset'));
      return q.selectNoFrom([
        enrolled.select((eb) => eb.fn.countAll<number | string>().as('n')).as('total'),
        json.arrayFrom(page).as('courses'),
      ]);
    });
  }

  async isEnrolled(userId: number, courseId: number): Promise<boolean> {
    return (await this.enrolmentId.first({ userId, courseId })) !== undefined;
  }

  async enrolledCourses(tenantId: number, userId: number, page: number, size: number): Promise<CoursePage> {
    const found = await this.coursePage.first({ userId, tenantId, limit: size, offset: (page - 1) * size });
    const rows = (fromJson<EnrolledCourseRow[]>(found?.courses as string) ?? []).sort(latestFirst);
    const courses = await Promise.all(
      rows.map(async (row) => {
        const structure = await this.deps.catalogue.structure(tenantId, row.id);
        const units = structure?.units ?? [];
        const lessons = units.reduce((sum, unit) => sum + unit.lessons.length, 0);
        return toCourse({ ...row, unit_count: units.length, lesson_count: lessons });
      }),
    );
    const totalCount = Number(found?.total ?? 0);
    return {
      courses,
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

/** The page's order (latest enrolment first, then by course), whatever order the JSON array came in. */
const latestFirst = (a: EnrolledCourseRow, b: EnrolledCourseRow) =>
  a.enrolled_at === b.enrolled_at ? a.id - b.id : a.enrolled_at < b.enrolled_at ? 1 : -1;

/** `studentId` parameters must name the caller: one student never reads or acts for another. */
export function assertSelf(callerId: number, studentId: number): void {
  if (callerId !== studentId) throw forbidden(OWN_ACCOUNT_ONLY);
}
