// The server closes what a deadline ends (decision 0013): every EXAM_SWEEP_MS each process visits the
// tenants that have such work (sweep-due.ts) in turn, each in its own row-level-security scope, reads
// up to 200 open attempts whose deadline has passed (the partial index exam_attempts_open_deadline_ix)
// and closes each with what was saved, unanswered questions counting wrong, as submitted by the server. Closing is conditional
// (attempt-service.ts), so two processes sweeping together close each attempt once. A process started
// after a restart finds the expired rows on its first sweep: nothing is kept in memory between sweeps.
// After closing, it folds the tenant's submitted bank attempts into the bank page's drawn counts
// (question-bank/draw-tally.ts).
import { isPastDeadline } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import { ATTEMPT_COLUMNS, type StoredAttemptRow } from '../learning/lesson-access';
import type { Clock } from '../../lib/clock';
import { PeriodicTask } from '../../lib/periodic-task';
import { runAsTenant } from '../../lib/tenant-context';
import { FOLD_BATCH } from '../question-bank/draw-tally';
import type { ExamAttemptService } from './attempt-service';

const BATCH = 200;

type ExpiredRow = StoredAttemptRow & { user_id: number; lesson_id: number };

export class AttemptSweeper {
  private readonly task: PeriodicTask<number>;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      attempts: ExamAttemptService;
      /** The tenants with an expired open attempt or an unfolded bank attempt at `now` (sweep-due.ts). */
      dueTenants: (now: string) => Promise<number[]>;
      /** Folds up to a batch of the tenant's submitted bank attempts into the drawn counts: how many. */
      foldDraws: (tenantId: number) => Promise<number>;
      log: FastifyBaseLogger;
      /** 0: no timer (sweepOnce still works). */
      intervalMs: number;
    },
  ) {
    this.task = new PeriodicTask(() => this.sweep(), {
      intervalMs: deps.intervalMs,
      log: deps.log,
      failure: 'exam attempt sweep failed',
    });
  }

  start(): void {
    this.task.start();
  }

  close(): Promise<void> {
    return this.task.close();
  }

  /** One sweep of every tenant: the number of attempts this process closed. A sweep under way is joined. */
  sweepOnce(): Promise<number> {
    return this.task.runOnce();
  }

  private get closed(): boolean {
    return this.task.closed;
  }

  private async sweep(): Promise<number> {
    const tenants = await this.deps.dueTenants(this.deps.clock.now().toISOString());
    let closed = 0;
    for (const id of tenants) {
      if (this.closed) break;
      try {
        closed += await runAsTenant(id, () => this.sweepTenant(id));
      } catch (error) {
        // One tenant's failure does not keep the others' attempts open.
        this.deps.log.error({ err: error, tenantId: id }, 'exam attempt sweep failed for a tenant');
      }
    }
    return closed;
  }

  private async sweepTenant(tenantId: number): Promise<number> {
    const closed = await this.closeExpired(tenantId);
    // A full batch folded: more may wait (a backlog after the migration, or a large exam).
    let folded = FOLD_BATCH;
    while (folded >= FOLD_BATCH && !this.closed) folded = await this.deps.foldDraws(tenantId);
    return closed;
  }

  private async closeExpired(tenantId: number): Promise<number> {
    let closed = 0;
    for (;;) {
      const now = this.deps.clock.now().toISOString();
      const rows: ExpiredRow[] = await this.deps.db
        .selectFrom('exam_attempts')
        .select([...ATTEMPT_COLUMNS, 'user_id', 'lesson_id'])
        .where('submitted_at', 'is', null)
        .where('deadline_at', '<=', now)
        .where('tenant_id', '=', tenantId)
        .orderBy('deadline_at')
        .limit(BATCH)
        .execute();
      let progressed = false;
      for (const row of rows) {
        if (this.closed) return closed;
        // At the deadline itself a save is still accepted (isPastDeadline: now > deadline).
        if (!isPastDeadline(new Date(now), new Date(row.deadline_at!))) continue;
        const settings = await this.deps.attempts.settingsOf(tenantId, row.lesson_id);
        // Settings go only with their lesson (and its attempts); nothing to close by then.
        if (!settings) continue;
        if (await this.deps.attempts.closeExpired(tenantId, row.user_id, settings, row)) {
          closed += 1;
          progressed = true;
        }
      }
      if (rows.length < BATCH || !progressed) return closed;
    }
  }
}
