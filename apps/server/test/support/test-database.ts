// A fresh database for each test file: a SQLite file in a temporary folder, or a new PostgreSQL
// database on the local server, chosen by the TEST_DB variable the Vitest project sets.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from '../../../../test-support/postgres-availability';

export type TestDatabase = {
  kind: 'sqlite' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
};

export const testDbKind = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (testDbKind() === 'sqlite') {
    return { kind: 'sqlite', env: { DATA_DIR: dataDir }, drop: () => Promise.resolve(removeDir()) };
  }
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '10' },
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
