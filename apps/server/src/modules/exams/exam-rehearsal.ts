// An exam announced for one minute (`opensAt`) is rehearsed by each process in the minutes before it
// opens (decision 0015): the grade's students' opening and start run through the same
// code as the real calls, writing nothing, so that V8 has compiled that path before the burst.
//
// Why: a process meets each week's opening cold. The start path runs only at that minute, and in the
// bench's opening the first seconds were slow while TurboFan compiled it on the server's one core
// (18–29 % of it), each hot function two or three times as the shapes of real rows arrived. Reads
// by other students of the grade warm the code with those same shapes; synthetic data would not.
//
// What a rehearsal does, per student (up to EXAM_REHEARSAL_RUNS, cycling through the course's
// enrolled students): the GET contentlesson read (a read of the student's own lesson, as their own
// reload would make it) and the start as if the clock read `opensAt`, which draws without marking
// questions drawn, inserts no attempt and remembers none (attempt-service.ts `start`). Students are
// taken one at a time with a turn of the event loop between them, so live requests go first.
//
// Each (tenant, lesson, opening) is rehearsed once per process. A process that starts inside the
// lead time rehearses at its first tick; an opening moved later is rehearsed again.
//
// An exam without an opening time (or one already open) has no minute to rehearse before, yet a
// teacher may still tell a whole grade to start it now. So a student's read of such an exam warms it
// (`warmOnRead`): the same rehearsal, as if the clock read now, in the background, once per
// WARM_AGAIN_AFTER_MS per exam in this process, one exam at a time. It is paced (WARM_SLICE_MS of work,
// then as long idle) so that it never reads as a saturated loop to the load-shedding gate, which would
// then refuse the students who come next; and it stops as soon as real starts reach this process: they
// take the path themselves, and the rehearsal would only add to their load.
// So it helps when students read the exam before the grade starts it (the readiness screen, a
// reload), and costs a burst that begins with its first read no more than one rehearsed student.
import { setTimeout as delay } from 'node:timers/promises';
import { examWindow } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { PeriodicTask } from '../../lib/periodic-task';
import { runAsTenant } from '../../lib/tenant-context';
import type { ProgressService } from '../learning/progress-service';
import type { ExamAttemptService } from './attempt-service';

/** The session a rehearsed read names: no device of a student has it, and a quiz read ignores it. */
const REHEARSAL_SESSION = 'exam-rehearsal';

type DueExam = { lesson_id: number; course_id: number; opens_at: string };

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/** How long a read-warmed exam counts as warm in a process before a read warms it again. */
export const WARM_AGAIN_AFTER_MS = 10 * 60_000;
/** A warming works this long, then leaves the loop idle as long: a utilization of about one half. */
const WARM_SLICE_MS = 2;

export class ExamRehearsals {
  private readonly task: PeriodicTask<number>;
  /** The openings rehearsed here, as `tenant:lesson:opensAt`, with the opening's time (ms). */
  private readonly done = new Map<string, number>();
  /** The open exams warmed here on a read, as `tenant:lesson`, with when (ms). */
  private readonly warmed = new Map<string, number>();
  /** The read-triggered warming under way: one at a time. */
  private warming: Promise<number> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      progress: ProgressService;
      attempts: ExamAttemptService;
      log: FastifyBaseLogger;
      /** Rehearsed starts per opening (0: no rehearsal). */
      runs: number;
      /** How long before an opening it is rehearsed. */
      leadMs: number;
      /** How often due openings are looked for (0: no timer; rehearseDue still works). */
      intervalMs: number;
    },
  ) {
    this.task = new PeriodicTask(() => this.rehearseAll(), {
      intervalMs: deps.runs > 0 ? deps.intervalMs : 0,
      log: deps.log,
      failure: 'exam rehearsal failed',
    });
  }

  start(): void {
    this.task.start();
  }

  async close(): Promise<void> {
    await this.task.close();
    await this.warming;
  }

  /** The read-triggered warming under way (its count of rehearsed starts), or null: for tests. */
  get warmingUnderWay(): Promise<number> | null {
    return this.warming;
  }

  /**
   * A student read the content of this exam: warms its start path in the background when it is open
   * now and not warmed here lately. The warming under way, or null when there is none to start.
   */
  warmOnRead(
    tenant: Tenant,
    lessonId: number,
    exam: { opensAt: string | null; closesAt: string | null },
  ): Promise<number> | null {
    if (this.deps.runs <= 0 || this.closed || this.warming) return null;
    const at = this.deps.clock.now();
    const now = at.getTime();
    // Announced for later: the timer rehearses it before its minute. Closed: nobody starts it.
    const window = { opensAt: dateOrNull(exam.opensAt), closesAt: dateOrNull(exam.closesAt) };
    if (examWindow(at, window) !== 'open') return null;
    const key = `${tenant.id}:${lessonId}`;
    const last = this.warmed.get(key);
    if (last !== undefined && now - last < WARM_AGAIN_AFTER_MS) return null;
    for (const [other, at] of this.warmed) if (now - at >= WARM_AGAIN_AFTER_MS) this.warmed.delete(other);
    this.warmed.set(key, now);
    const warming = runAsTenant(tenant.id, () => this.warm(tenant, lessonId, at))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error, tenantId: tenant.id, lessonId }, 'exam warming failed');
        return 0;
      })
      .finally(() => {
        this.warming = null;
      });
    this.warming = warming;
    return warming;
  }

  /** Rehearses every opening due within the lead time: the number of starts rehearsed. Joins one under way. */
  rehearseDue(): Promise<number> {
    return this.task.runOnce();
  }

  private get closed(): boolean {
    return this.task.closed;
  }

  private async rehearseAll(): Promise<number> {
    if (this.deps.runs <= 0) return 0;
    // Openings that have come are forgotten: the set stays as small as the exams of the next minutes.
    const now = this.deps.clock.now().getTime();
    for (const [key, opensAt] of this.done) if (opensAt <= now) this.done.delete(key);
    const tenants = await this.deps.db.selectFrom('tenants').selectAll().orderBy('id').execute();
    let rehearsed = 0;
    for (const tenant of tenants) {
      if (this.closed) break;
      try {
        rehearsed += await runAsTenant(tenant.id, () => this.rehearseTenant(tenant));
      } catch (error) {
        this.deps.log.error({ err: error, tenantId: tenant.id }, 'exam rehearsal failed for a tenant');
      }
    }
    return rehearsed;
  }

  private async rehearseTenant(tenant: Tenant): Promise<number> {
    const { db, clock, leadMs } = this.deps;
    const now = clock.now();
    const due: DueExam[] = await db
      .selectFrom('quiz_settings as s')
      .innerJoin('lessons as l', 'l.id', 's.lesson_id')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .select(['s.lesson_id', 'u.course_id', 's.opens_at as opens_at'])
      .where('s.tenant_id', '=', tenant.id)
      .where('s.opens_at', '>', now.toISOString())
      .where('s.opens_at', '<=', new Date(now.getTime() + leadMs).toISOString())
      .$narrowType<{ opens_at: string }>()
      .execute();
    let rehearsed = 0;
    for (const exam of due) {
      const key = `${tenant.id}:${exam.lesson_id}:${exam.opens_at}`;
      if (this.done.has(key) || this.closed) continue;
      this.done.set(key, new Date(exam.opens_at).getTime());
      // Rehearsed: reads at its opening need not warm it again.
      this.warmed.set(`${tenant.id}:${exam.lesson_id}`, new Date(exam.opens_at).getTime());
      const started = performance.now();
      const count = await this.rehearse(tenant, exam.course_id, exam.lesson_id, new Date(exam.opens_at));
      rehearsed += count;
      this.deps.log.info(
        { tenantId: tenant.id, lessonId: exam.lesson_id, opensAt: exam.opens_at, starts: count },
        `exam opening rehearsed in ${Math.round(performance.now() - started)} ms`,
      );
    }
    return rehearsed;
  }

  /** An open exam's start path rehearsed as if the clock read `now`, until real starts come. */
  private async warm(tenant: Tenant, lessonId: number, now: Date): Promise<number> {
    const lesson = await this.deps.db
      .selectFrom('lessons as l')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .select('u.course_id')
      .where('l.id', '=', lessonId)
      .where('l.tenant_id', '=', tenant.id)
      .executeTakeFirst();
    if (!lesson) return 0;
    const startsBefore = this.deps.attempts.startsAsked;
    const started = performance.now();
    const count = await this.rehearse(tenant, lesson.course_id, lessonId, now, {
      paced: true,
      enough: () => this.deps.attempts.startsAsked !== startsBefore,
    });
    this.deps.log.info(
      { tenantId: tenant.id, lessonId, starts: count },
      `open exam warmed in ${Math.round(performance.now() - started)} ms`,
    );
    return count;
  }

  /**
   * The opening and start of up to `runs` students of the course, in turn, as if the clock read `at`:
   * how many starts ran. `paced`: in slices of WARM_SLICE_MS with as long idle between them; `enough`:
   * stops early once it says so.
   */
  private async rehearse(
    tenant: Tenant,
    courseId: number,
    lessonId: number,
    at: Date,
    how: { paced?: boolean; enough?: () => boolean } = {},
  ): Promise<number> {
    const { paced = false, enough = () => false } = how;
    const { db, progress, attempts, runs } = this.deps;
    const students = await db
      .selectFrom('enrollments')
      .select('user_id')
      .where('course_id', '=', courseId)
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .limit(runs)
      .execute();
    if (students.length === 0) return 0;
    let count = 0;
    let failure: unknown = null;
    let slice = performance.now();
    for (let run = 0; run < runs && !this.closed && !enough(); run++) {
      const userId = students[run % students.length]!.user_id;
      try {
        await progress.lessonContent(tenant, { userId, sessionId: REHEARSAL_SESSION }, lessonId);
        await attempts.start(tenant, userId, lessonId, { at });
        count += 1;
      } catch (error) {
        // A refusal (a unit not yet open, an earlier quiz not submitted) only skips this student;
        // anything else (the database away) is logged once for the opening.
        if (!(error instanceof AppError)) failure ??= error;
      }
      if (paced && performance.now() - slice >= WARM_SLICE_MS) {
        await delay(WARM_SLICE_MS);
        slice = performance.now();
      } else await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (failure) this.deps.log.warn({ err: failure, lessonId }, 'exam rehearsal met an error');
    return count;
  }
}
