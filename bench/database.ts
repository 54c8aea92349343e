// A fresh, empty database for one bench run, owned by the parent so it is removed even when the server
// child dies: a temporary DATA_DIR (SQLite), or a new PostgreSQL database dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_ADMIN_URL, postgresAvailability } from '../test-support/postgres-availability';

export type DbKind = 'sqlite' | 'postgres';

export type BenchDatabase = {
  kind: DbKind;
  /** Environment for the server child: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** Human-readable location, for the report. */
  where: string;
  drop(): Promise<void>;
};

export async function createBenchDatabase(kind: DbKind): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      where: join(dataDir, 'app.sqlite'),
      drop: () => Promise.resolve(removeDir()),
    };
  }
  const available = await postgresAvailability();
  if (!available.ok) {
    removeDir();
    throw new Error(`PostgreSQL is not reachable: ${available.reason}`);
  }
  const name = `lp_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    where: `${url.host}/${name}`,
    drop: async () => {
      removeDir();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
