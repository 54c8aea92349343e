// Issues batches of single-use codes: random (CSPRNG, ~49.5 bits each), stored normalised, unique
// across tenants, inserted in one transaction so a batch is all there or not at all.
import { randomBytes } from 'node:crypto';
import { generateCode, normalizeCode } from '@app/domain';
import type { Db } from '../../db/connect';

export const MAX_CODES_PER_BATCH = 5000;
const CHUNK = 500;

type Target = { table: 'enrollment_codes'; courseId: number } | { table: 'unit_codes'; unitId: number };

export async function issueCodes(
  db: Db,
  input: { tenantId: number; target: Target; count: number; label?: string | null; now: Date },
): Promise<string[]> {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CODES_PER_BATCH) {
    throw new RangeError(`count must be 1..${MAX_CODES_PER_BATCH}`);
  }
  const createdAt = input.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const issued: string[] = [];
    while (issued.length < input.count) {
      const wanted = Math.min(CHUNK, input.count - issued.length);
      const fresh = new Set<string>();
      while (fresh.size < wanted) fresh.add(normalizeCode(generateCode(randomBytes)));
      const base = {
        tenant_id: input.tenantId,
        batch_label: input.label ?? null,
        used_by: null,
        used_at: null,
        disabled_at: null,
        created_at: createdAt,
      };
      // A clash with an existing code is astronomically rare; such a code is simply not inserted
      // and the loop draws another.
      const rows =
        input.target.table === 'enrollment_codes'
          ? await trx
              .insertInto('enrollment_codes')
              .values(
                [...fresh].map((code) => ({
                  ...base,
                  code,
                  course_id: (input.target as { courseId: number }).courseId,
                })),
              )
              .onConflict((oc) => oc.column('code').doNothing())
              .returning('code')
              .execute()
          : await trx
              .insertInto('unit_codes')
              .values(
                [...fresh].map((code) => ({
                  ...base,
                  code,
                  unit_id: (input.target as { unitId: number }).unitId,
                })),
              )
              .onConflict((oc) => oc.column('code').doNothing())
              .returning('code')
              .execute();
      issued.push(...rows.map((row) => row.code));
    }
    return issued;
  });
}
