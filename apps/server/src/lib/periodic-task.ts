// Background work each process runs on a timer (the exam sweeper, the exam rehearsals): one run at a
// time, a call made during a run joining it; a failed run logged and the next tick tried again; the
// timer never keeping the process alive; close() waiting for the run under way.
import type { FastifyBaseLogger } from 'fastify';

export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;
  private stopped = false;

  constructor(
    private readonly work: () => Promise<T>,
    private readonly options: {
      /** 0: no timer (runOnce still works). */
      intervalMs: number;
      log: FastifyBaseLogger;
      /** The log line of a failed run. */
      failure: string;
    },
  ) {}

  /** Whether close() was called: a long run checks it between its steps. */
  get closed(): boolean {
    return this.stopped;
  }

  /** Runs now, then every intervalMs. */
  start(): void {
    if (this.options.intervalMs <= 0 || this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One run, or the one under way. */
  runOnce(): Promise<T> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.runOnce();
    } catch (error) {
      this.options.log.error({ err: error }, this.options.failure);
    }
  }
}
