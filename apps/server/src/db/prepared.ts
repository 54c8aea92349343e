// Compile-once queries for the hot paths. Kysely builds and compiles a query on every call (in the
// benchmark, as much CPU as running it on SQLite); a prepared query is built once with named
// placeholders and afterwards only binds values. Placeholders are sentinel strings that Kysely passes
// through as ordinary parameters, so the SQL text and the parameter order come from Kysely itself.
import { createHash } from 'node:crypto';
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './connect';

const SENTINEL = '\u0000param:';

/**
 * The SQL of every prepared query, with the name PostgreSQL keeps its parsed and planned statement
 * under on each connection (db/named-statements.ts): the hot reads then cost the database a bind
 * and an execute, not a parse and a plan, on every request. Named by the text's hash, so one text
 * always has one name, whichever module prepared it.
 */
const statementNames = new Map<string, string>();

export function statementNameOf(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** A named placeholder, typed as the value it stands for. */
export const param = <T>(name: string): T => `${SENTINEL}${name}` as unknown as T;

export type Prepared<Args extends Record<string, unknown>, Row> = {
  all(args: Args): Promise<Row[]>;
  first(args: Args): Promise<Row | undefined>;
};

export function prepare<Args extends Record<string, unknown>, Row>(
  db: Db,
  build: (db: Db) => Compilable<Row>,
): Prepared<Args, Row> {
  let compiled: { sql: string; names: (string | null)[]; values: readonly unknown[] } | undefined;
  const all = async (args: Args): Promise<Row[]> => {
    if (!compiled) {
      const { sql, parameters } = build(db).compile();
      const names = parameters.map((value) =>
        typeof value === 'string' && value.startsWith(SENTINEL) ? value.slice(SENTINEL.length) : null,
      );
      compiled = { sql, names, values: parameters };
      statementNames.set(sql, `lp_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`);
    }
    const { names, values } = compiled;
    const bound = values.map((value, index) => (names[index] === null ? value : args[names[index]!]));
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, bound));
    return rows;
  };
  return { all, first: async (args) => (await all(args))[0] };
}
