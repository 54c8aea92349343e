// Dialect selection: SQLite (better-sqlite3) by default, PostgreSQL when DATABASE_URL is set. On
// PostgreSQL the app connects as the application's role with the tenant of the current scope set on
// each connection: the pipelined driver (the default) switches a connection's tenant when nothing is in
// flight on it (pipelined-postgres.ts, tenant-slots.ts); `pg` (DATABASE_DRIVER=pg) sets it on each
// connection it hands out (tenant-scoped-dialect.ts).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type LogEvent, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { enableTenantScopes } from '../lib/tenant-context';
import { NamedStatementClient } from './named-statements';
import { PipelinedPostgresDialect } from './pipelined-postgres';
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

/** Sees every statement the app's Kysely runs (tests count the queries a route issues). */
export type QueryObserver = (sql: string) => void;

const observe = (observer: QueryObserver | undefined) =>
  observer ? { log: (event: LogEvent) => observer(event.query.sql) } : {};

export function connectDatabase(database: Config['database'], onQuery?: QueryObserver): DbHandle {
  if (database.kind === 'postgres') {
    // Every connection is handed out with the current tenant set, for row-level security.
    enableTenantScopes();
    const db = new Kysely<Database>({
      dialect:
        database.driver === 'pipelined'
          ? new PipelinedPostgresDialect(database)
          : tenantScoped(database.url, database.poolSize, 'api'),
      ...observe(onQuery),
    });
    return { db, dialect: 'postgres', ownerUrl: database.ownerUrl, close: () => db.destroy() };
  }
  const sqlite = new SQLite(ownerOnlyFile(database.file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    ...observe(onQuery),
  });
  return { db, dialect: 'sqlite', ownerUrl: null, close: () => db.destroy() };
}

/** `pg`'s pool, its connections named `name` in pg_stat_activity, handed out with the tenant set. */
function tenantScoped(url: string, max: number, name: string): TenantScopedPostgresDialect {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: NamedStatementClient,
    application_name: name,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  return new TenantScopedPostgresDialect({ pool });
}

/**
 * The SQLite file holds password hashes: a folder made for it is the owner's only (0700) and the
 * file 0600, including a file an older version created 0644 (an existing folder is left as it is:
 * DATA_DIR may be one the operator shares). SQLite gives its -wal and -shm files the mode of
 * the database file, so they follow.
 */
function ownerOnlyFile(file: string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
  return file;
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
