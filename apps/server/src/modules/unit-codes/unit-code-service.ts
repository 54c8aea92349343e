// Single lectures unlocked by a unit code: redeeming (atomic, idempotent for the same student), the
// student's unlocked units, and a unit's lessons with progress.
import type { LessonRef, MyUnit, MyUnitsQuery, UnitWithProgress } from '@app/contract';
import { isUnitAccessible, normalizeCode, pageCount, unitCodeAvailability } from '@app/domain';
import type { Db, DialectName } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { consumeAll, type ClientAddress, type Limits } from '../../lib/limits';
import { anyContains, containsPattern } from '../admin/paging';
import { composeCourseName } from '../catalogue/course-view';
import { codeTenant } from '../codes/code-owner';
import { CODE_NOT_FOUND, CODE_USED } from '../learning/enrolment-service';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import { toLessonRef, type StudentProgress } from '../learning/student-progress';

export const UNIT_NOT_FOUND = 'Unit not found.';
export const NO_UNIT_ACCESS = 'You do not have access to this unit';
export const CODE_ACCEPTED = 'Code entered successfully';

export class UnitCodeService {
  constructor(
    private readonly deps: {
      db: Db;
      dialect: DialectName;
      clock: Clock;
      limits: Limits;
      catalogue: CatalogueCache;
      progress: StudentProgress;
    },
  ) {}

  async enterCode(tenant: Tenant, userId: number, rawCode: string, address: ClientAddress): Promise<void> {
    const { db, clock, limits } = this.deps;
    const accountKey = `${tenant.id}:${userId}`;
    // Counted before the code is looked up, and given back once it proves to be a real code.
    const guess = await consumeAll([[limits.codeAccount, accountKey], limits.codeAddress.of(address)]);
    const code = normalizeCode(rawCode);
    const row = await db
      .selectFrom('unit_codes as uc')
      .innerJoin('units as u', 'u.id', 'uc.unit_id')
      .innerJoin('courses as c', 'c.id', 'u.course_id')
      .select(['uc.id', 'uc.unit_id', 'uc.used_by', 'uc.disabled_at', 'c.active'])
      .where('uc.code', '=', code)
      .where('uc.tenant_id', '=', tenant.id)
      .executeTakeFirst();
    // Not this tenant's: another school's live code is a 403 (the unit is not open to this student).
    const elsewhere = row ? false : (await codeTenant(db, this.deps.dialect, 'unit', code)) !== null;
    if ((!row && !elsewhere) || (row && row.disabled_at !== null)) {
      throw notFound(CODE_NOT_FOUND);
    }
    if (!row || row.active !== 1) {
      throw forbidden(NO_UNIT_ACCESS);
    }
    await guess.refund();
    if (row.used_by === userId) return;
    if (row.used_by !== null) throw conflict(CODE_USED);

    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('unit_codes')
        .set({ used_by: userId, used_at: now })
        .where('id', '=', row.id)
        .where('used_by', 'is', null)
        // An admin may disable the code between the read above and this claim.
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(CODE_USED);
      // A new code for a unit already unlocked starts its window again from today.
      await trx
        .insertInto('unit_unlocks')
        .values({
          tenant_id: tenant.id,
          user_id: userId,
          unit_id: row.unit_id,
          code_id: row.id,
          unlocked_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'unit_id']).doUpdateSet({ code_id: row.id, unlocked_at: now }),
        )
        .execute();
    });
  }

  /**
   * The student's unlocked units, filtered before paging: one query for the page and one for the
   * count, both driven by the (user_id, unlocked_at) index, joining units and courses by key.
   */
  async myUnits(tenant: Tenant, userId: number, query: MyUnitsQuery) {
    const { db, clock } = this.deps;
    const { pageNumber: page, pageSize: size, grade, term } = query;
    const pattern = containsPattern(query.search);
    const base = db
      .selectFrom('unit_unlocks as uu')
      .innerJoin('units as u', 'u.id', 'uu.unit_id')
      .innerJoin('courses as c', 'c.id', 'u.course_id')
      .where('uu.user_id', '=', userId)
      .where('uu.tenant_id', '=', tenant.id)
      // The course name as the student reads it is composed of its subject and its name.
      .$if(pattern !== null, (q) =>
        q.where(anyContains(['u.name', 'u.title', 'c.name', 'c.subject'], pattern!)),
      )
      .$if(grade !== undefined, (q) => q.where('c.grade', '=', grade!))
      .$if(term !== undefined, (q) => q.where('c.term', '=', term!));
    const [rows, total] = await Promise.all([
      base
        .select([
          'u.id',
          'u.name',
          'u.title',
          'c.name as course_name',
          'c.subject',
          'c.grade',
          'c.term',
          'c.active',
          'uu.unlocked_at',
        ])
        .orderBy('uu.unlocked_at', 'desc')
        .orderBy('u.id')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const now = clock.now();
    const units: MyUnit[] = rows.map((row) => ({
      unitId: row.id,
      unitName: row.name,
      unitTitle: row.title,
      courseName: composeCourseName(row.subject, row.course_name),
      grade: row.grade,
      term: row.term,
      active:
        row.active === 1 &&
        isUnitAccessible(
          unitCodeAvailability({ now, redeemedAt: new Date(row.unlocked_at), timeZone: tenant.time_zone }),
        ),
      enrollmentDate: row.unlocked_at,
      timeZone: tenant.time_zone,
    }));
    const totalCount = Number(total.n);
    return { units, totalCount, totalPages: pageCount(totalCount, size), currentPage: page };
  }

  /** A unit the student unlocked or whose course the student is enrolled in; 403 otherwise. */
  private async reachableUnit(tenant: Tenant, userId: number, unitId: number) {
    const { db } = this.deps;
    const unit = await db
      .selectFrom('units as u')
      .innerJoin('courses as c', 'c.id', 'u.course_id')
      .leftJoin('unit_unlocks as uu', (join) =>
        join.onRef('uu.unit_id', '=', 'u.id').on('uu.user_id', '=', userId),
      )
      .leftJoin('enrollments as e', (join) =>
        join.onRef('e.course_id', '=', 'c.id').on('e.user_id', '=', userId),
      )
      .select([
        'u.id',
        'u.name',
        'u.title',
        'u.course_id',
        'c.name as course_name',
        'c.subject',
        'c.active',
        'uu.unlocked_at',
        'e.id as enrollment_id',
      ])
      .where('u.id', '=', unitId)
      .where('u.tenant_id', '=', tenant.id)
      .executeTakeFirst();
    if (!unit) throw notFound(UNIT_NOT_FOUND);
    if (unit.active !== 1 || (unit.unlocked_at === null && unit.enrollment_id === null))
      throw forbidden(NO_UNIT_ACCESS);
    return unit;
  }

  /** The unit's lessons with this student's progress, and its 1-based position in the course. */
  private async unitLessonRefs(tenant: Tenant, userId: number, unit: { id: number; course_id: number }) {
    const [course, studentProgress] = await Promise.all([
      this.deps.catalogue.structure(tenant.id, unit.course_id),
      this.deps.progress.of(userId),
    ]);
    const index = course?.units.findIndex((entry) => entry.id === unit.id) ?? -1;
    if (!course || index < 0) throw notFound(UNIT_NOT_FOUND);
    const lessons: LessonRef[] = course.units[index]!.lessons.map((lesson) =>
      toLessonRef(lesson, studentProgress),
    );
    return { lessons, order: index + 1 };
  }

  async unitLessons(tenant: Tenant, userId: number, unitId: number, page: number, size: number) {
    const unit = await this.reachableUnit(tenant, userId, unitId);
    const { lessons } = await this.unitLessonRefs(tenant, userId, unit);
    return {
      lessons: lessons.slice((page - 1) * size, page * size),
      unitName: unit.name,
      unitTitle: unit.title,
      courseName: composeCourseName(unit.subject, unit.course_name),
    };
  }

  async unitWithProgress(tenant: Tenant, userId: number, unitId: number): Promise<UnitWithProgress> {
    const unit = await this.reachableUnit(tenant, userId, unitId);
    const { lessons, order } = await this.unitLessonRefs(tenant, userId, unit);
    return {
      id: unit.id,
      unitName: unit.name,
      unitTitle: unit.title,
      courseName: composeCourseName(unit.subject, unit.course_name),
      lessons,
      enrollmentDate: unit.unlocked_at,
      order,
      timeZone: tenant.time_zone,
    };
  }
}
