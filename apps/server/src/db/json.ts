// Nested rows in one statement: a sub-select aggregated to JSON (an array of rows, or one row), so a
// read that needs a row and the student's rows around it is one round trip instead of several. Kysely's
// helpers differ by dialect (json_agg on PostgreSQL, json_group_array on SQLite) and so does what comes
// back: pg parses JSON columns, better-sqlite3 hands over the text. `fromJson` reads either.
import * as postgres from 'kysely/helpers/postgres';
import * as sqlite from 'kysely/helpers/sqlite';
import type { DialectName } from './connect';

export type JsonHelpers = {
  /** The sub-select's rows as a JSON array ('[]' when none); its columns must be named explicitly. */
  arrayFrom: typeof sqlite.jsonArrayFrom;
  /** The sub-select's first row as a JSON object, or null. */
  objectFrom: typeof sqlite.jsonObjectFrom;
};

export const jsonHelpers = (dialect: DialectName): JsonHelpers =>
  dialect === 'postgres'
    ? { arrayFrom: postgres.jsonArrayFrom, objectFrom: postgres.jsonObjectFrom }
    : { arrayFrom: sqlite.jsonArrayFrom, objectFrom: sqlite.jsonObjectFrom };

/** A JSON column as parsed by pg or as text from SQLite. */
export function fromJson<T>(value: T | string | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** A boolean column: PostgreSQL's true/false, SQLite's 1/0. */
export const asBoolean = (value: boolean | number | null | undefined): boolean =>
  value === true || value === 1;
