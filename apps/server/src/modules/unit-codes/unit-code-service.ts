// Single lectures unlocked by a unit code: redeeming (atomic, idempotent for the same student), the
// student's unlocked units, and a unit's lessons with progress.
import type { LessonRef, MyUnit, MyUnitsQuery, UnitWithProgress } from '@app/contract';
import { isUnitAccessible, normalizeCode, pageCount, unitCodeAvailability } from '@app/domain';
import type { Db, DialectName } from '../../db/connect';
import { fromJson, jsonHelpers, type JsonHelpers } from '../../db/json';
import { param, prepare } from '../../db/prepared';
import type { ExpressionBuilder } from 'kysely';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { consumeAll, type ClientAddress, type Limits } from '../../lib/limits';
import { anyContains, containsPattern } from '../admin/paging';
import { composeCourseName } from '../catalogue/course-view';
import { codeTenant } from '../codes/code-owner';
import { CODE_NOT_FOUND, CODE_USED } from '../learning/enrolment-service';
import { grantColumns } from '../learning/lesson-access';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import {
  progressOf,
  toLessonRef,
  type ProgressColumns,
  type StudentProgress,
} from '../learning/student-progress';

export const UNIT_NOT_FOUND = 'Unit not found.';
export const NO_UNIT_ACCESS = 'You do not have access to this unit';
export const CODE_ACCEPTED = 'Code entered successfully';

type Filters = { pattern: string | null; grade: MyUnitsQuery['grade']; term: MyUnitsQuery['term'] };
type PageArgs = { userId: number; tenantId: number; limit: number; offset: number };
type MyUnitRow = {
  id: number;
  name: string;
  title: string;
  course_name: string;
  subject: string | null;
  grade: string;
  term: string;
  active: number;
  unlocked_at: string;
};
type ReachableUnit = ProgressColumns & {
  id: number;
  name: string;
  title: string;
  course_id: number;
  course_name: string;
  subject: string | null;
  active: number;
  unlocked_at: string | null;
  enrolled_at: string | null;
};

const MY_UNIT_COLUMNS = [
  'u.id',
  'u.name',
  'u.title',
  'c.name as course_name',
  'c.subject',
  'c.grade',
  'c.term',
  'c.active',
  'uu.unlocked_at',
] as const;

const UNFILTERED: Filters = { pattern: null, grade: undefined, term: undefined };

export class UnitCodeService {
  private readonly json: JsonHelpers;
  /** My lectures without search or filters, the usual call: compiled once. */
  private readonly allMyUnits;
  private readonly reachableRow;

  constructor(
    private readonly deps: {
      db: Db;
      dialect: DialectName;
      clock: Clock;
      limits: Limits;
      catalogue: CatalogueCache;
      progress: StudentProgress;
    },
  ) {
    this.json = jsonHelpers(deps.dialect);
    this.allMyUnits = prepare<PageArgs, { total: number | string; units: unknown }>(deps.db, (q) =>
      this.myUnitsStatement(q, UNFILTERED, {
        userId: param('userId'),
        tenantId: param('tenantId'),
        limit: param('limit'),
        offset: param('offset'),
      }),
    );
    const userId = param<number>('userId');
    // One round trip: the unit and its course, both ways the student may hold it, and the student's
    // progress in its lessons.
    this.reachableRow = prepare<{ unitId: number; tenantId: number; userId: number }, ReachableUnit>(
      deps.db,
      (q) =>
        q
          .selectFrom('units as u')
          .innerJoin('courses as c', 'c.id', 'u.course_id')
          .select((eb) => [
            'u.id',
            'u.name',
            'u.title',
            'u.course_id',
            'c.name as course_name',
            'c.subject',
            'c.active',
            ...grantColumns(userId, eb.ref('u.course_id'), eb.ref('u.id')),
            ...deps.progress.inUnit(userId, eb.ref('u.id')),
          ])
          .where('u.id', '=', param<number>('unitId'))
          .where('u.tenant_id', '=', param<number>('tenantId')),
    );
  }

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
   * The student's unlocked units, filtered before paging: the page and the count in one statement,
   * both driven by the (user_id, unlocked_at, unit_id) index (migration 0009), joining units and
   * courses by key; unfiltered, the count and the page's cut read that index alone.
   */
  async myUnits(tenant: Tenant, userId: number, query: MyUnitsQuery) {
    const { db, clock } = this.deps;
    const { pageNumber: page, pageSize: size, grade, term } = query;
    const filters: Filters = { pattern: containsPattern(query.search), grade, term };
    const args: PageArgs = { userId, tenantId: tenant.id, limit: size, offset: (page - 1) * size };
    const filtered = filters.pattern !== null || grade !== undefined || term !== undefined;
    const found = filtered
      ? await this.myUnitsStatement(db, filters, args).executeTakeFirstOrThrow()
      : (await this.allMyUnits.first(args))!;
    const rows = (fromJson<MyUnitRow[]>(found.units as string) ?? []).sort(newestFirst);
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
    const totalCount = Number(found.total);
    return { units, totalCount, totalPages: pageCount(totalCount, size), currentPage: page };
  }

  /** One page of my lectures and the count of all that match, as one row (`total`, `units`). */
  private myUnitsStatement(db: Db, filters: Filters, args: PageArgs) {
    const { pattern, grade, term } = filters;
    const unlocks = db
      .selectFrom('unit_unlocks as uu')
      .where('uu.user_id', '=', args.userId)
      .where('uu.tenant_id', '=', args.tenantId);
    const count = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) =>
      eb.fn.countAll<number | string>().as('n');
    if (pattern === null && grade === undefined && term === undefined) {
      // Unfiltered, the page is cut from the index alone and only its rows are joined: the offset
      // skips index entries, not joined rows. Every unlock has its unit and its course (foreign keys),
      // so the count needs no join either.
      const pageOfUnlocks = unlocks
        .select(['uu.unit_id', 'uu.unlocked_at'])
        .orderBy('uu.unlocked_at', 'desc')
        .orderBy('uu.unit_id')
        .limit(args.limit)
        .offset(args.offset)
        .as('uu');
      const page = db
        .selectFrom(pageOfUnlocks)
        .innerJoin('units as u', 'u.id', 'uu.unit_id')
        .innerJoin('courses as c', 'c.id', 'u.course_id')
        .select(MY_UNIT_COLUMNS);
      return db.selectNoFrom([unlocks.select(count).as('total'), this.json.arrayFrom(page).as('units')]);
    }
    const matching = unlocks
      .innerJoin('units as u', 'u.id', 'uu.unit_id')
      .innerJoin('courses as c', 'c.id', 'u.course_id')
      // The course name as the student reads it is composed of its subject and its name.
      .$if(pattern !== null, (q) =>
        q.where(anyContains(['u.name', 'u.title', 'c.name', 'c.subject'], pattern!)),
      )
      .$if(grade !== undefined, (q) => q.where('c.grade', '=', grade!))
      .$if(term !== undefined, (q) => q.where('c.term', '=', term!));
    const page = matching
      .select(MY_UNIT_COLUMNS)
      .orderBy('uu.unlocked_at', 'desc')
      .orderBy('uu.unit_id')
      .limit(args.limit)
      .offset(args.offset);
    return db.selectNoFrom([matching.select(count).as('total'), this.json.arrayFrom(page).as('units')]);
  }

  /** A unit the student unlocked or whose course the student is enrolled in; 403 otherwise. */
  private async reachableUnit(tenant: Tenant, userId: number, unitId: number) {
    const unit = await this.reachableRow.first({ unitId, tenantId: tenant.id, userId });
    if (!unit) throw notFound(UNIT_NOT_FOUND);
    if (unit.active !== 1 || (unit.unlocked_at === null && unit.enrolled_at === null))
      throw forbidden(NO_UNIT_ACCESS);
    return unit;
  }

  /** The unit's lessons with this student's progress, and its 1-based position in the course. */
  private async unitLessonRefs(tenant: Tenant, unit: ReachableUnit) {
    const course = await this.deps.catalogue.structure(tenant.id, unit.course_id);
    const index = course?.units.findIndex((entry) => entry.id === unit.id) ?? -1;
    if (!course || index < 0) throw notFound(UNIT_NOT_FOUND);
    const studentProgress = progressOf(unit);
    const lessons: LessonRef[] = course.units[index]!.lessons.map((lesson) =>
      toLessonRef(lesson, studentProgress),
    );
    return { lessons, order: index + 1 };
  }

  async unitLessons(tenant: Tenant, userId: number, unitId: number, page: number, size: number) {
    const unit = await this.reachableUnit(tenant, userId, unitId);
    const { lessons } = await this.unitLessonRefs(tenant, unit);
    return {
      lessons: lessons.slice((page - 1) * size, page * size),
      unitName: unit.name,
      unitTitle: unit.title,
      courseName: composeCourseName(unit.subject, unit.course_name),
    };
  }

  async unitWithProgress(tenant: Tenant, userId: number, unitId: number): Promise<UnitWithProgress> {
    const unit = await this.reachableUnit(tenant, userId, unitId);
    const { lessons, order } = await this.unitLessonRefs(tenant, unit);
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

/** The page's order (newest unlock first, then by unit), kept whatever order the JSON array came in. */
const newestFirst = (a: MyUnitRow, b: MyUnitRow) =>
  a.unlocked_at === b.unlocked_at ? a.id - b.id : a.unlocked_at < b.unlocked_at ? 1 : -1;
