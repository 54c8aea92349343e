// Issues batches of single-use codes: random (CSPRNG, ~49.5 bits each), stored normalised, unique
// across tenants, inserted in one transaction so a batch is all there or not at all. Given a
// transaction (`db.isTransaction`), the codes join it, so a caller can write the batch row, the codes
// and its audit entry atomically; given the database, issueCodes opens its own.
import { randomBytes } from 'node:crypto';
import { generateCode, normalizeCode } from '@app/domain';
import type { Db } from '../../db/connect';

export const MAX_CODES_PER_BATCH = 5000;
/** Rows per INSERT: 9 columns × 500 stays far below both databases' bound-parameter limits. */
const CHUNK = 500;

type Target = { table: 'enrollment_codes'; courseId: number } | { table: 'unit_codes'; unitId: number };

export type IssueInput = {
  tenantId: number;
  target: Target;
  count: number;
  label?: string | null;
  /** The admin batch (code_batches.id) the codes belong to. */
  batchId?: number | null;
  now: Date;
};

export async function issueCodes(db: Db, input: IssueInput): Promise<string[]> {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CODES_PER_BATCH) {
    throw new RangeError(`count must be 1..${MAX_CODES_PER_BATCH}`);
  }
  return db.isTransaction
    ? insertCodes(db, input)
    : db.transaction().execute((trx) => insertCodes(trx, input));
}

async function insertCodes(trx: Db, input: IssueInput): Promise<string[]> {
  const base = {
    tenant_id: input.tenantId,
    batch_label: input.label ?? null,
    batch_id: input.batchId ?? null,
    used_by: null,
    used_at: null,
    disabled_at: null,
    created_at: input.now.toISOString(),
  };
  const { target } = input;
  const insert = (codes: string[]) =>
    target.table === 'enrollment_codes'
      ? trx
          .insertInto('enrollment_codes')
          .values(codes.map((code) => ({ ...base, code, course_id: target.courseId })))
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('code')
          .execute()
      : trx
          .insertInto('unit_codes')
          .values(codes.map((code) => ({ ...base, code, unit_id: target.unitId })))
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('code')
          .execute();
  const issued: string[] = [];
  while (issued.length < input.count) {
    const wanted = Math.min(CHUNK, input.count - issued.length);
    const fresh = new Set<string>();
    while (fresh.size < wanted) fresh.add(normalizeCode(generateCode(randomBytes)));
    // A clash with an existing code is astronomically rare; such a code is simply not inserted and
    // the loop draws another.
    const rows = await insert([...fresh]);
    issued.push(...rows.map((row) => row.code));
  }
  return issued;
}

export type BatchInput = {
  tenantId: number;
  courseId: number;
  /** A unit-code batch names its unit; an enrolment batch has none. */
  unitId: number | null;
  count: number;
  label: string;
  /** The admin who asked; null for the operator tool. */
  createdBy: number | null;
  now: Date;
};

/** A labelled batch (code_batches row) and its codes, together: in `db`'s transaction or a new one. */
export async function issueBatch(db: Db, input: BatchInput): Promise<{ batchId: number; codes: string[] }> {
  const work = async (trx: Db) => {
    const batch = await trx
      .insertInto('code_batches')
      .values({
        tenant_id: input.tenantId,
        kind: input.unitId === null ? 'enrollment' : 'unit',
        course_id: input.courseId,
        unit_id: input.unitId,
        label: input.label,
        count: input.count,
        created_by: input.createdBy,
        created_at: input.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const codes = await issueCodes(trx, {
      tenantId: input.tenantId,
      target:
        input.unitId === null
          ? { table: 'enrollment_codes', courseId: input.courseId }
          : { table: 'unit_codes', unitId: input.unitId },
      count: input.count,
      label: input.label,
      batchId: batch.id,
      now: input.now,
    });
    return { batchId: batch.id, codes };
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
