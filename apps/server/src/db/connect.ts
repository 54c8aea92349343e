// Dialect selection: SQLite (better-sqlite3) by default, PostgreSQL (pg) when DATABASE_URL is set.
// On PostgreSQL the pool connects as the application's role and sets the tenant of the current scope
// on each connection it hands out (tenant-scoped-dialect.ts).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { enableTenantScopes } from '../lib/tenant-context';
import { TenantScopedPostgresDialect } from './tenant-scoped-dialect';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL: the schema owner's URL when it is not the role `db` connects as (migrations use it). */
  ownerUrl: string | null;
  close(): Promise<void>;
};

export function connectDatabase(database: Config['database']): DbHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: database.poolSize });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    // Every connection is handed out with the current tenant set, for row-level security.
    enableTenantScopes();
    const db = new Kysely<Database>({ dialect: new TenantScopedPostgresDialect({ pool }) });
    return { db, dialect: 'postgres', ownerUrl: database.ownerUrl, close: () => db.destroy() };
  }
  mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', ownerUrl: null, close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and preparing was most of
 * a point read's database time in the benchmark. Statements are keyed by their SQL text, which holds
 * placeholders only, so the cache stays small (one entry per query shape).
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
