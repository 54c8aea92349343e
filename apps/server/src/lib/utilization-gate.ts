// Admission by event-loop utilization (decision 0010, "Saturation"): the share of new work a process
// refuses, raised while its event loop is saturated and lowered once it is not.
//
// Why not the in-flight cap or the mean event-loop delay alone: a process busy every millisecond
// serves the requests it has already read, one after another, each in a millisecond or two, so neither
// the count in flight nor the timers' lateness grows much. Where its connections are shared between
// students (nginx's kept-alive upstream connections, in the deployed shape), the new connections it
// would need wait in the kernel's accept queue, unseen, for seconds, while the held ones are served in
// milliseconds (libuv takes one per descriptor and turn of the loop; lib/listen.ts gives 64). Utilization sees the saturation itself. Refusing part of the new work, at random, frees
// the time the rest needs; refusing all of it for a whole sample would swing between idle and
// overloaded.
//
// Its price (stop 27): at capacity the loop is saturated too (utilization ≥ 0.99 through the exam
// start's window), so no threshold tells capacity from overload, and the students it refuses wait the
// Retry-After. Phones connected straight to one process do not starve in the accept queue, and there
// the gate cost more than it saved at capacity and at twice it; decision 0010 has the figures.

export type GateOptions = {
  /** Utilization (0..1) above which the share refused rises; 0 turns the gate off. */
  maxUtilization: number;
  /** How far the share moves per sample. */
  step?: number;
  /** The share is never more than this: some new work always gets in, and the figures keep moving. */
  cap?: number;
  /**
   * Samples in a row over the limit before the share rises: a start-up's compiling, a long garbage
   * collection or a burst of a few hundred milliseconds is not a saturation, and refuses nothing.
   */
  sustained?: number;
};

export class UtilizationGate {
  private share = 0;
  private over = 0;
  private readonly step: number;
  private readonly cap: number;
  private readonly sustained: number;

  constructor(private readonly options: GateOptions) {
    this.step = options.step ?? 0.1;
    this.cap = options.cap ?? 0.9;
    this.sustained = options.sustained ?? 5;
  }

  get enabled(): boolean {
    return this.options.maxUtilization > 0;
  }

  /** The share of new work refused now. */
  get refusedShare(): number {
    return this.share;
  }

  /** One sample: the loop's utilization since the previous one. */
  sample(utilization: number): void {
    if (!this.enabled) return;
    this.over = utilization > this.options.maxUtilization ? this.over + 1 : 0;
    this.share =
      this.over >= this.sustained
        ? Math.min(this.cap, this.share + this.step)
        : this.over > 0
          ? this.share
          : Math.max(0, this.share - this.step);
  }

  /** Whether a new request is refused, `random` in [0, 1). */
  refuses(random: number): boolean {
    return random < this.share;
  }
}
