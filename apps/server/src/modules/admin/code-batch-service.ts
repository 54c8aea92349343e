// Code batches: N single-use codes for a course (enrolment) or a unit, generated with the batch row
// and its audit entry in one transaction; listed with use counts, read code by code (who used
// which, when), printed, exported as CSV, and disabled (unused codes only; redemption refuses them).
import type { AdminCode, CodeBatch, CodeBatchInput, CodeBatchQuery, CodeListQuery } from '@app/contract';
import { formatCode, normalizeCode } from '@app/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import type { CodeBatchKind } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import { issueBatch } from '../codes/code-issuer';
import type { AdminActor } from './admin-guard';
import type { AdminWriter } from './admin-writer';
import { csvDocument } from './csv';
import { BATCH_NOT_FOUND, ownedCourse, ownedUnit } from './owned-rows';
import { anyContains, containsPattern, paged } from './paging';
import { auditSummary } from './audit-summaries';

type BatchValues = z.output<typeof CodeBatchInput>;
type BatchQuery = z.output<typeof CodeBatchQuery>;
type CodeQuery = z.output<typeof CodeListQuery>;
type CodeTableName = 'enrollment_codes' | 'unit_codes';

const tableOf = (kind: CodeBatchKind): CodeTableName =>
  kind === 'enrollment' ? 'enrollment_codes' : 'unit_codes';
const OPERATOR = 'operator';
/** The CSV's columns and a code's status in it, in Arabic as the admin screen says them. */
export const EXPORT_HEADER = [
  'الكود',
  'الحالة',
  'اسم الطالب',
  'البريد الإلكتروني',
  'رقم الهاتف',
  'وقت الاستخدام',
  'وقت التعطيل',
] as const;
export const EXPORT_STATUS = { unused: 'غير مستخدم', used: 'مستخدم', disabled: 'معطّل' } as const;

export class CodeBatchService {
  constructor(private readonly deps: { db: Db; clock: Clock; writer: AdminWriter }) {}

  async create(actor: AdminActor, input: BatchValues): Promise<CodeBatch & { codes: string[] }> {
    const { writer, clock } = this.deps;
    const now = clock.now();
    const { batchId, codes } = await writer.run(actor, async (trx) => {
      const target =
        input.kind === 'enrollment'
          ? { course: await ownedCourse(trx, actor.tenant.id, input.courseId!), unit: null }
          : await unitTarget(trx, actor.tenant.id, input.unitId!);
      const { batchId, codes: issued } = await issueBatch(trx, {
        tenantId: actor.tenant.id,
        courseId: target.course.id,
        unitId: target.unit?.id ?? null,
        count: input.count,
        label: input.label,
        createdBy: actor.userId,
        now,
      });
      return {
        result: { batchId, codes: issued },
        audit: {
          action: 'codes.generate',
          targetType: 'code_batch',
          targetId: batchId,
          summary: auditSummary.codesGenerated(
            issued.length,
            target.course.name,
            target.unit?.name,
            input.label,
          ),
        },
      };
    });
    return { ...(await this.batch(actor.tenant.id, batchId)), codes: codes.map(formatCode) };
  }

  async list(tenantId: number, query: BatchQuery) {
    let base = batches(this.deps.db, tenantId);
    if (query.kind) base = base.where('b.kind', '=', query.kind);
    if (query.courseId) base = base.where('b.course_id', '=', query.courseId);
    const pattern = containsPattern(query.search);
    if (pattern) base = base.where(anyContains(['b.label', 'c.name', 'u.name'], pattern));
    const { rows, meta } = await paged(base, query, (q) => batchColumns(q).orderBy('b.id', 'desc'));
    return { batches: rows.map(toBatch), ...meta };
  }

  async batch(tenantId: number, batchId: number): Promise<CodeBatch> {
    const row = await batchColumns(batches(this.deps.db, tenantId))
      .where('b.id', '=', batchId)
      .executeTakeFirst();
    if (!row) throw notFound(BATCH_NOT_FOUND);
    return toBatch(row);
  }

  /** A page of the batch's codes; `search` matches the code or the student who used it. */
  async codes(tenantId: number, batchId: number, query: CodeQuery) {
    const batch = await this.batch(tenantId, batchId);
    const { rows, meta } = await paged(codeRows(this.deps.db, batch, query), query, (q) =>
      q.select(codeColumns).orderBy('c.id'),
    );
    return { batch, codes: rows.map(toCode), ...meta };
  }

  /** The codes still usable (neither used nor disabled), formatted for the printed cards. */
  async printable(tenantId: number, batchId: number) {
    const batch = await this.batch(tenantId, batchId);
    const rows = await codeRows(this.deps.db, batch, { status: 'unused' })
      .select('c.code')
      .orderBy('c.id')
      .execute();
    return { batch, courseName: batch.courseName, codes: rows.map((row) => formatCode(row.code)) };
  }

  /** Every code of the batch as CSV: one row per code with its student and dates. */
  async exportCsv(tenantId: number, batchId: number): Promise<{ fileName: string; body: string }> {
    const batch = await this.batch(tenantId, batchId);
    const rows = await codeRows(this.deps.db, batch, {}).select(codeColumns).orderBy('c.id').execute();
    const body = csvDocument(
      EXPORT_HEADER,
      rows
        .map(toCode)
        .map((code) => [
          code.code,
          EXPORT_STATUS[code.status],
          code.usedBy?.name,
          code.usedBy?.email,
          code.usedBy?.phone,
          code.usedAt,
          code.disabledAt,
        ]),
    );
    return { fileName: `codes-${batch.id}-${batch.label}.csv`, body };
  }

  /** Disables the listed codes of the batch, or all of its codes, that are still unused. */
  async disable(actor: AdminActor, batchId: number, codeIds: readonly number[] | undefined) {
    const batch = await this.batch(actor.tenant.id, batchId);
    const now = this.deps.clock.now().toISOString();
    return this.deps.writer.run(actor, async (trx) => {
      let update = trx
        .updateTable(tableOf(batch.kind))
        .set({ disabled_at: now })
        .where('batch_id', '=', batch.id)
        .where('used_by', 'is', null)
        .where('disabled_at', 'is', null);
      if (codeIds) update = update.where('id', 'in', codeIds.length > 0 ? [...codeIds] : [0]);
      const result = await update.executeTakeFirst();
      const disabled = Number(result.numUpdatedRows);
      return {
        result: { disabled },
        audit: {
          action: 'codes.disable',
          targetType: 'code_batch',
          targetId: batch.id,
          summary: auditSummary.codesDisabled(batch.label, disabled),
        },
      };
    });
  }
}

async function unitTarget(trx: Db, tenantId: number, unitId: number) {
  const unit = await ownedUnit(trx, tenantId, unitId);
  return { course: await ownedCourse(trx, tenantId, unit.course_id), unit };
}

const batches = (db: Db, tenantId: number) =>
  db
    .selectFrom('code_batches as b')
    .innerJoin('courses as c', 'c.id', 'b.course_id')
    .leftJoin('units as u', 'u.id', 'b.unit_id')
    .leftJoin('users as a', 'a.id', 'b.created_by')
    .where('b.tenant_id', '=', tenantId);

type BatchBase = ReturnType<typeof batches>;

/** Codes of the batch used, or disabled while unused: the batch's codes sit in one of the two tables. */
const codeCount = (status: 'used' | 'disabled') => {
  const where =
    status === 'used' ? sql`used_by is not null` : sql`used_by is null and disabled_at is not null`;
  return sql<number | string>`(select count(*) from enrollment_codes where batch_id = b.id and ${where})
    + (select count(*) from unit_codes where batch_id = b.id and ${where})`;
};

const batchColumns = (query: BatchBase) =>
  query.select([
    'b.id',
    'b.kind',
    'b.label',
    'b.course_id',
    'c.name as course_name',
    'b.unit_id',
    'u.name as unit_name',
    'b.count',
    'b.created_at',
    'a.name as created_by',
    codeCount('used').as('used_count'),
    codeCount('disabled').as('disabled_count'),
  ]);

type BatchRow = Awaited<ReturnType<ReturnType<typeof batchColumns>['executeTakeFirstOrThrow']>>;

const toBatch = (row: BatchRow): CodeBatch => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  courseId: row.course_id,
  courseName: row.course_name,
  unitId: row.unit_id,
  unitName: row.unit_name,
  count: row.count,
  usedCount: Number(row.used_count),
  disabledCount: Number(row.disabled_count),
  createdAt: row.created_at,
  createdBy: row.created_by ?? OPERATOR,
});

/** The batch's codes with the student who used each, filtered by status and search. */
function codeRows(db: Db, batch: CodeBatch, filter: { status?: CodeQuery['status']; search?: string }) {
  // Both code tables have the columns read here; Kysely cannot select from a union of tables.
  const table = `${tableOf(batch.kind)} as c` as 'enrollment_codes as c';
  let query = db
    .selectFrom(table)
    .leftJoin('users as s', 's.id', 'c.used_by')
    .where('c.batch_id', '=', batch.id);
  if (filter.status === 'used') query = query.where('c.used_by', 'is not', null);
  if (filter.status === 'disabled')
    query = query.where('c.used_by', 'is', null).where('c.disabled_at', 'is not', null);
  if (filter.status === 'unused')
    query = query.where('c.used_by', 'is', null).where('c.disabled_at', 'is', null);
  const student = containsPattern(filter.search);
  if (student) {
    const code = containsPattern(normalizeCode(filter.search ?? ''));
    const tests = [anyContains(['s.name', 's.email', 's.phone'], student)];
    if (code) tests.push(anyContains(['c.code'], code));
    query = query.where((eb) => eb.or(tests));
  }
  return query;
}

const codeColumns = [
  'c.id',
  'c.code',
  'c.used_by',
  'c.used_at',
  'c.disabled_at',
  's.name as student_name',
  's.email as student_email',
  's.phone as student_phone',
] as const;

type CodeRow = {
  id: number;
  code: string;
  used_by: number | null;
  used_at: string | null;
  disabled_at: string | null;
  student_name: string | null;
  student_email: string | null;
  student_phone: string | null;
};

const toCode = (row: CodeRow): AdminCode => ({
  id: row.id,
  code: formatCode(row.code),
  status: row.used_by !== null ? 'used' : row.disabled_at !== null ? 'disabled' : 'unused',
  usedBy:
    row.used_by !== null
      ? {
          id: row.used_by,
          name: row.student_name ?? '',
          email: row.student_email ?? '',
          phone: row.student_phone ?? '',
        }
      : null,
  usedAt: row.used_at,
  disabledAt: row.disabled_at,
});
