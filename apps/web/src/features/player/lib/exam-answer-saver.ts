// Each answer an exam's student chooses is saved at once (decision 0013). One save is in flight at a
// time, carrying every answer not yet saved (the latest choice per question), so a changed answer can
// never be overtaken by the older one. A save that fails (network, 5xx, 429) is sent again after a
// growing wait; the student is told only once it has failed twice in a row. A 409 ends the saving:
// the time is over (its body is the result) or the attempt is closed (the content is read again).
import { ATTEMPT_TIME_OVER, ExamResult } from '@app/contract';
import { ApiError } from '../../../lib/api-client';

export type SavedAnswer = { questionId: number; answerId: number };
export type SaveReply = { deadlineAt: string | null; serverNow: string };

export type SaverEvents = {
  /** A save went through; `receivedAt` is the phone's clock when its answer arrived. */
  onSaved: (reply: SaveReply, receivedAt: number) => void;
  /** Whether saving keeps failing (the student sees that it is being retried). */
  onFailing: (failing: boolean) => void;
  /** 409 after the deadline: the server closed the attempt and answered its result. */
  onTimeOver: (result: ExamResult | null) => void;
  /** The attempt is no longer open (submitted elsewhere, closed, refused): read the content again. */
  onClosed: () => void;
};

/** Retry waits: 1 s, 2 s, 4 s, then every 8 s. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000] as const;
/** Failures in a row before the student is told. */
export const FAILURES_BEFORE_NOTICE = 2;

function retryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.isNetwork || error.status >= 500 || error.status === 429 || error.status === 408;
}

export class AnswerSaver {
  private readonly pending = new Map<number, number>();
  private inFlight = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly send: (answers: SavedAnswer[]) => Promise<SaveReply>,
    private readonly events: SaverEvents,
  ) {}

  save(questionId: number, answerId: number): void {
    if (this.stopped) return;
    this.pending.set(questionId, answerId);
    if (!this.inFlight && this.retryTimer === null) void this.flush();
  }

  /** Stops sending (the attempt was submitted or the screen left); a reply still due is ignored. */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async flush(): Promise<void> {
    if (this.stopped || this.pending.size === 0) return;
    const sent = [...this.pending].map(([questionId, answerId]) => ({ questionId, answerId }));
    this.inFlight = true;
    try {
      const reply = await this.send(sent);
      if (this.stopped) return;
      for (const { questionId, answerId } of sent) {
        if (this.pending.get(questionId) === answerId) this.pending.delete(questionId);
      }
      if (this.failures >= FAILURES_BEFORE_NOTICE) this.events.onFailing(false);
      this.failures = 0;
      this.events.onSaved(reply, Date.now());
    } catch (error) {
      if (this.stopped) return;
      this.failed(error);
      return;
    } finally {
      this.inFlight = false;
    }
    void this.flush();
  }

  private failed(error: unknown): void {
    if (error instanceof ApiError && error.status === 409) {
      this.stop();
      if (error.message === ATTEMPT_TIME_OVER) {
        const result = ExamResult.safeParse(error.body?.data);
        this.events.onTimeOver(result.success ? result.data : null);
      } else this.events.onClosed();
      return;
    }
    if (!retryable(error)) {
      this.stop();
      this.events.onClosed();
      return;
    }
    this.failures += 1;
    if (this.failures === FAILURES_BEFORE_NOTICE) this.events.onFailing(true);
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length) - 1]!;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }
}
