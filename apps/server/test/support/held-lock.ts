// Races made to happen in one order (PostgreSQL): the test holds a lock in a transaction of its own
// (the fixtures' connection) that stops one of the app's statements half-way, starts what should run
// into it, asks whether a statement is waiting for a lock, and then lets go.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type RawBuilder } from 'kysely';
import type { TestApi } from './test-api';

export type HeldLock = { release(): Promise<void> };

/** Runs `lock` in a transaction that stays open until released. */
export async function holdLock(api: TestApi, lock: RawBuilder<unknown>): Promise<HeldLock> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = api.db.transaction().execute(async (trx) => {
    await lock.execute(trx);
    holding();
    await released;
  });
  await Promise.race([held, transaction]);
  return {
    async release() {
      release();
      await transaction;
    },
  };
}

/**
 * Whether a statement on the test's database whose text is like `pattern` (ILIKE) is waiting for a
 * lock, polled until one is, for up to 10 s, or until `stop` says there is nothing more to wait for.
 */
export async function waitingOnLock(
  api: TestApi,
  pattern: string,
  stop: () => boolean = () => false,
): Promise<boolean> {
  for (let tries = 0; tries < 400; tries++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and query ilike ${pattern}`.execute(
      api.db,
    );
    if (rows[0]!.n > 0) return true;
    if (stop()) return false;
    await sleep(25);
  }
  return false;
}

/** A promise with whether it has settled yet. */
export function tracked<T>(promise: Promise<T>): { promise: Promise<T>; done: () => boolean } {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { promise, done: () => settled };
}
