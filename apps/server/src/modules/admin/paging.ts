// What every admin list shares: one page of rows with the total in a second query over the same
// filters, and a case-insensitive "contains" search that is the same on SQLite and PostgreSQL.
import { pageCount } from '@app/domain';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';

export type Paging = { pageNumber: number; pageSize: number };

export async function paged<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  paging: Paging,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
) {
  const { pageNumber, pageSize } = paging;
  const [rows, total] = await Promise.all([
    select(base)
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  // The selection's type does not resolve while DB is generic; the row is { n }.
  const totalCount = Number((total as { n: number | string }).n);
  return {
    rows,
    meta: { totalCount, totalPages: pageCount(totalCount, pageSize), currentPage: pageNumber, pageSize },
  };
}

/** `%text%` in lower case with LIKE's wildcards escaped, or null for an empty search. */
export function containsPattern(search: string | undefined): string | null {
  const text = search?.trim().toLowerCase() ?? '';
  return text === '' ? null : `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) LIKE pattern` for any of `columns` (a pattern from containsPattern). */
export function anyContains(columns: readonly string[], pattern: string): Expression<SqlBool> {
  const tests = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
