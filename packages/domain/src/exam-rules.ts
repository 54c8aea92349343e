// The rules of an exam's attempts (issue 20, decision 0013): when one may start, when it ends, which
// result counts, whether it passed, and when its review shows. The server enforces them; the screens
// show them.

export type ExamRules = {
  timeLimitMinutes: number | null;
  passMark: number | null;
  attemptsAllowed: number;
  counts: 'best' | 'last';
  review: 'immediate' | 'after-deadline' | 'never';
  opensAt: Date | null;
  closesAt: Date | null;
};

/** When an attempt started at `startedAt` ends: min(start + limit, closesAt); null when neither. */
export function attemptDeadline(startedAt: Date, rules: ExamRules): Date | null {
  const byLimit =
    rules.timeLimitMinutes === null ? null : new Date(startedAt.getTime() + rules.timeLimitMinutes * 60_000);
  if (byLimit === null) return rules.closesAt;
  if (rules.closesAt === null) return byLimit;
  return byLimit.getTime() <= rules.closesAt.getTime() ? byLimit : rules.closesAt;
}

/**
 * The attempts a student has used: the highest exam attempt number, and at least 1 when the student
 * submitted the quiz before it became an exam (its plain result still counts). That submission is
 * attempt 1: the first exam attempt after it is number 2, so editing a taken quiz's settings gives no
 * one a retake that the attempts allowed do not.
 */
export function attemptsUsed(attemptNumbers: readonly number[], submittedAsPlainQuiz: boolean): number {
  return Math.max(submittedAsPlainQuiz ? 1 : 0, ...attemptNumbers);
}

/**
 * The rules as they hold for one student: the exam's attempts plus those the teacher granted this
 * student alone (decision 0013, "One student's retake"). Every other setting is the class's.
 */
export function rulesFor<R extends Pick<ExamRules, 'attemptsAllowed'>>(rules: R, extraAttempts: number): R {
  return extraAttempts > 0 ? { ...rules, attemptsAllowed: rules.attemptsAllowed + extraAttempts } : rules;
}

/**
 * The extra attempts that let a student who has used `used` start exactly one more: a grant asked for
 * twice gives one retake, not two, and a grant never takes back what was given.
 */
export function extraForRetake(attemptsAllowed: number, used: number, granted: number): number {
  return Math.max(granted, used + 1 - attemptsAllowed);
}

/**
 * The extra attempts a student keeps when the teacher takes a grant back: those already used (so the
 * student's own allowance never falls below what they have taken), none that are not.
 */
export function extraAfterWithdrawal(attemptsAllowed: number, used: number, granted: number): number {
  return Math.min(granted, Math.max(0, used - attemptsAllowed));
}

export type StartRefusal = 'exam-not-open' | 'exam-closed' | 'no-attempts-left';

/** Whether the exam's window lets attempts start now: before opensAt it has not opened, from closesAt on it has closed. */
export function examWindow(
  now: Date,
  window: Pick<ExamRules, 'opensAt' | 'closesAt'>,
): 'exam-not-open' | 'exam-closed' | 'open' {
  if (window.opensAt !== null && now.getTime() < window.opensAt.getTime()) return 'exam-not-open';
  if (window.closesAt !== null && now.getTime() >= window.closesAt.getTime()) return 'exam-closed';
  return 'open';
}

/** Why a new attempt may not start now, or null when it may: before opensAt, from closesAt on, or none left. */
export function startRefusal(now: Date, rules: ExamRules, attemptsUsed: number): StartRefusal | null {
  const window = examWindow(now, rules);
  if (window !== 'open') return window;
  if (attemptsUsed >= rules.attemptsAllowed) return 'no-attempts-left';
  return null;
}

/**
 * Why a student below the pass mark can take this exam no more, or null when they still may (now, or
 * once it opens): the exam closed (only a later closing time mends that, for anyone), or every attempt
 * used, even before an opening moved later (it gives none back). What the teacher's locked-out list
 * shows; only the second can be lifted for one student.
 */
export function lockout(
  now: Date,
  rules: ExamRules,
  attemptsUsed: number,
): 'no-attempts-left' | 'exam-closed' | null {
  if (examWindow(now, rules) === 'exam-closed') return 'exam-closed';
  return attemptsUsed >= rules.attemptsAllowed ? 'no-attempts-left' : null;
}

/** An answer at the deadline itself is still taken; any moment after it is not. No deadline: never past. */
export function isPastDeadline(now: Date, deadline: Date | null): boolean {
  return deadline !== null && now.getTime() > deadline.getTime();
}

/** Without a pass mark every result passes; otherwise a score at or above it. */
export function isPassed(score: number, passMark: number | null): boolean {
  return passMark === null || score >= passMark;
}

/**
 * Whether `next` becomes the counted result: always when there is none yet or the last one counts;
 * with `best`, only a strictly higher score (a tie keeps the earlier attempt).
 */
export function replacesCounted(
  policy: 'best' | 'last',
  current: { score: number } | null,
  next: { score: number },
): boolean {
  if (current === null || policy === 'last') return true;
  return next.score > current.score;
}

type ClosedAttempt = { deadlineAt: Date | null; submittedAt: Date };

/**
 * When an attempt's review shows: `immediate` once submitted; `never` never (null); `after-deadline`
 * once the exam closes, or without a closing time once the attempt's own deadline passed (untimed: at
 * submission).
 */
export function reviewAt(rules: ExamRules, attempt: ClosedAttempt): Date | null {
  switch (rules.review) {
    case 'immediate':
      return attempt.submittedAt;
    case 'never':
      return null;
    case 'after-deadline':
      return rules.closesAt ?? attempt.deadlineAt ?? attempt.submittedAt;
  }
}

export function isReviewVisible(now: Date, rules: ExamRules, attempt: ClosedAttempt): boolean {
  const at = reviewAt(rules, attempt);
  return at !== null && now.getTime() >= at.getTime();
}

/** Scores (0–100) counted in ten bands: 0–9, 10–19, … 80–89, and 90–100 (so 100 needs no band of its own). */
export function scoreDistribution(scores: readonly number[]): { from: number; to: number; count: number }[] {
  const bands = Array.from({ length: 10 }, (_, i) => ({
    from: 10 * i,
    to: i === 9 ? 100 : 10 * i + 9,
    count: 0,
  }));
  for (const score of scores) {
    if (!Number.isFinite(score) || score < 0 || score > 100) {
      throw new RangeError(`a score must be from 0 to 100, got ${score}`);
    }
    bands[Math.min(9, Math.floor(score / 10))]!.count += 1;
  }
  return bands;
}
