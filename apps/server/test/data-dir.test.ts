// The embedded database holds password hashes: on a shared machine no other user may read it
// (issue 16). A new data folder is the owner's only, the SQLite file and its WAL/SHM files 0600, and a
// file an older version left 0644 is tightened at start-up.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';

const parents: string[] = [];
afterEach(() => {
  for (const dir of parents.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

function sqliteIn(dataDir: string) {
  return connectDatabase(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(48) }).database);
}

it('creates the data folder 0700 and the database, WAL and SHM files 0600', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'lp-data-'));
  parents.push(parent);
  const dataDir = join(parent, 'data');
  const handle = sqliteIn(dataDir);
  try {
    await migrateToLatest(handle);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const file of ['app.sqlite', 'app.sqlite-wal', 'app.sqlite-shm'])
      expect({ file, mode: modeOf(join(dataDir, file)) }).toEqual({ file, mode: 0o600 });
  } finally {
    await handle.close();
  }
});

it('tightens a database file an older version created world-readable', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-data-'));
  parents.push(dataDir);
  writeFileSync(join(dataDir, 'app.sqlite'), '', { mode: 0o644 });
  expect(modeOf(join(dataDir, 'app.sqlite'))).toBe(0o644);
  const handle = sqliteIn(dataDir);
  try {
    await migrateToLatest(handle);
    expect(modeOf(join(dataDir, 'app.sqlite'))).toBe(0o600);
  } finally {
    await handle.close();
  }
});
