// One migration set for both dialects, applied at start-up and by `npm run migrate`. On PostgreSQL,
// Kysely's migrator holds an advisory lock, so processes starting together migrate once; then, under a
// lock of its own, every tenant table is checked for its row-level security policy (so tables added by
// any migration are covered) and the application's role is granted what it lacks.
//
// With DATABASE_OWNER_URL the migrations run as that role (the schema owner) over a connection of their
// own, closed afterwards; the application's pool (DATABASE_URL) never runs DDL.
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { Migration, MigrationProvider, QueryExecutorProvider } from 'kysely';
import pg from 'pg';
import type { DbHandle, DialectName } from './connect';
import { applyRowLevelSecurity, grantToApplication } from './row-level-security';
import * as foundation from './migrations/0001-foundation';
import * as learning from './migrations/0002-learning';
import * as admin from './migrations/0003-admin';
import * as rowLevelSecurity from './migrations/0004-row-level-security';
import * as quizAttempts from './migrations/0005-quiz-attempts';
import * as loginTrust from './migrations/0006-login-trust';
import * as deviceSelfService from './migrations/0007-device-self-service';
import * as liveSession from './migrations/0008-live-session';
import * as studentReadIndexes from './migrations/0009-student-read-indexes';
import * as books from './migrations/0010-books';
import * as clientGradedQuizzes from './migrations/0011-client-graded-quizzes';
import * as videos from './migrations/0012-videos';
import * as exams from './migrations/0013-exams';
import * as bankFirstDraw from './migrations/0014-bank-first-draw';
import * as drawTally from './migrations/0015-draw-tally';
import * as announcedExams from './migrations/0016-announced-exams';
import * as extraAttempts from './migrations/0017-extra-attempts';

type Step = { up: (db: Parameters<Migration['up']>[0], dialect: DbHandle['dialect']) => Promise<void> };

const STEPS: Record<string, Step> = {
  '0001-foundation': foundation,
  '0002-learning': learning,
  '0003-admin': admin,
  '0004-row-level-security': rowLevelSecurity,
  '0005-quiz-attempts': quizAttempts,
  '0006-login-trust': loginTrust,
  '0007-device-self-service': deviceSelfService,
  '0008-live-session': liveSession,
  '0009-student-read-indexes': studentReadIndexes,
  '0010-books': books,
  '0011-client-graded-quizzes': clientGradedQuizzes,
  '0012-videos': videos,
  '0013-exams': exams,
  '0014-bank-first-draw': bankFirstDraw,
  '0015-draw-tally': drawTally,
  '0016-announced-exams': announcedExams,
  '0017-extra-attempts': extraAttempts,
};

export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  if (handle.dialect !== 'postgres' || !handle.ownerUrl)
    return migrate(handle.db as unknown as Kysely<unknown>, handle.dialect, null);
  const appRole = await currentRole(handle.db);
  const owner = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: handle.ownerUrl, max: 1 }) }),
  });
  try {
    const ownerRole = await currentRole(owner);
    return await migrate(owner, 'postgres', appRole === ownerRole ? null : appRole);
  } finally {
    await owner.destroy();
  }
}

async function migrate(db: Kysely<unknown>, dialect: DialectName, grantTo: string | null): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(STEPS).map(([name, step]) => [name, { up: (trx) => step.up(trx, dialect) }]),
        ),
      ),
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  if (dialect === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await applyRowLevelSecurity(trx);
      if (grantTo) await grantToApplication(trx, grantTo);
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function currentRole(db: QueryExecutorProvider): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]!.role;
}
