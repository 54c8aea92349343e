// Reordering units of a course or lessons of a unit: the new order must name every child exactly once
// (else 400), and is written as positions 1..n in one UPDATE.
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../lib/app-error';

export function assertPermutation(current: readonly number[], ids: readonly number[], message: string): void {
  const known = new Set(current);
  const distinct = new Set(ids);
  if (ids.length !== current.length || distinct.size !== ids.length || ids.some((id) => !known.has(id)))
    throw badRequest(message, { ids: message });
}

/** `CASE id WHEN <id> THEN <n> … END`: ids are checked integers, written as literals. */
export function positionsOf(ids: readonly number[]): RawBuilder<number> {
  const arms = ids.map((id, index) => sql`when ${sql.lit(id)} then ${sql.lit(index + 1)}`);
  return sql<number>`case ${sql.ref('id')} ${sql.join(arms, sql` `)} end`;
}
