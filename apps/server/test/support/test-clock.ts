import type { Clock } from '../../src/lib/clock';

/** A clock the test moves by hand: time-gated rules are tested without sleeping. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date('2026-09-01T08:00:00.000Z')) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advanceSeconds(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
  advanceDays(days: number): void {
    this.advanceMinutes(days * 24 * 60);
  }
}
