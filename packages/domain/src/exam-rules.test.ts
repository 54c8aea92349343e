import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExamRules } from './exam-rules';
import {
  attemptDeadline,
  attemptsUsed,
  extraAfterWithdrawal,
  extraForRetake,
  isPassed,
  isPastDeadline,
  isReviewVisible,
  lockout,
  replacesCounted,
  reviewAt,
  rulesFor,
  scoreDistribution,
  startRefusal,
} from './exam-rules';

const at = (iso: string) => new Date(iso);
const rules = (over: Partial<ExamRules> = {}): ExamRules => ({
  timeLimitMinutes: null,
  passMark: null,
  attemptsAllowed: 1,
  counts: 'best',
  review: 'immediate',
  opensAt: null,
  closesAt: null,
  ...over,
});
const START = at('2026-05-01T09:00:00.000Z');

describe('attemptDeadline', () => {
  it.each<[string, Partial<ExamRules>, string | null]>([
    ['untimed, never closing: no deadline', {}, null],
    ['the time limit from the start', { timeLimitMinutes: 30 }, '2026-05-01T09:30:00.000Z'],
    ['the closing time when untimed', { closesAt: at('2026-05-01T10:00:00Z') }, '2026-05-01T10:00:00.000Z'],
    [
      'the limit when it ends before closing',
      { timeLimitMinutes: 30, closesAt: at('2026-05-01T10:00:00Z') },
      '2026-05-01T09:30:00.000Z',
    ],
    [
      'the closing time when it cuts the limit short',
      { timeLimitMinutes: 90, closesAt: at('2026-05-01T10:00:00Z') },
      '2026-05-01T10:00:00.000Z',
    ],
    ['a ten-hour limit', { timeLimitMinutes: 600 }, '2026-05-01T19:00:00.000Z'],
  ])('%s', (_name, over, expected) => {
    expect(attemptDeadline(START, rules(over))?.toISOString() ?? null).toBe(expected);
  });
});

describe('startRefusal', () => {
  const window = rules({
    opensAt: at('2026-05-01T08:00:00Z'),
    closesAt: at('2026-05-01T12:00:00Z'),
    attemptsAllowed: 2,
  });

  it.each<[string, string, number, string | null]>([
    ['before it opens', '2026-05-01T07:59:59.999Z', 0, 'exam-not-open'],
    ['at the opening moment', '2026-05-01T08:00:00.000Z', 0, null],
    ['while open with an attempt left', '2026-05-01T10:00:00Z', 1, null],
    ['with every attempt used', '2026-05-01T10:00:00Z', 2, 'no-attempts-left'],
    ['at the closing moment', '2026-05-01T12:00:00.000Z', 0, 'exam-closed'],
    ['after closing, even with attempts left', '2026-05-02T00:00:00Z', 0, 'exam-closed'],
    ['before opening wins over no attempts left', '2026-05-01T07:00:00Z', 5, 'exam-not-open'],
  ])('%s', (_name, now, used, expected) => {
    expect(startRefusal(at(now), window, used)).toBe(expected);
  });

  it('without a window only the attempts count', () => {
    expect(startRefusal(START, rules({ attemptsAllowed: 3 }), 2)).toBeNull();
    expect(startRefusal(START, rules({ attemptsAllowed: 3 }), 3)).toBe('no-attempts-left');
  });
});

describe('attemptsUsed', () => {
  it('is the highest attempt number, not the count of rows', () => {
    expect(attemptsUsed([], false)).toBe(0);
    expect(attemptsUsed([1, 2], false)).toBe(2);
    expect(attemptsUsed([3], false)).toBe(3);
  });

  it('counts a submission made before the quiz became an exam as attempt 1', () => {
    expect(attemptsUsed([], true)).toBe(1);
    // Its first exam attempt is number 2: the plain result is not counted twice.
    expect(attemptsUsed([2], true)).toBe(2);
    expect(startRefusal(START, rules({ attemptsAllowed: 1 }), attemptsUsed([], true))).toBe(
      'no-attempts-left',
    );
    expect(startRefusal(START, rules({ attemptsAllowed: 2 }), attemptsUsed([], true))).toBeNull();
  });
});

describe("one student's retake", () => {
  it('adds the attempts granted to this student alone, keeping every other rule', () => {
    const exam = rules({ attemptsAllowed: 2, passMark: 60 });
    expect(rulesFor(exam, 0)).toBe(exam);
    expect(rulesFor(exam, 1)).toEqual({ ...exam, attemptsAllowed: 3 });
    expect(startRefusal(START, exam, 2)).toBe('no-attempts-left');
    expect(startRefusal(START, rulesFor(exam, 1), 2)).toBeNull();
    expect(startRefusal(START, rulesFor(exam, 1), 3)).toBe('no-attempts-left');
  });

  it('grants exactly one more start, however often it is asked', () => {
    // Two allowed, both used: one extra lets attempt 3 start.
    expect(extraForRetake(2, 2, 0)).toBe(1);
    // Asked again before attempt 3 starts: still one.
    expect(extraForRetake(2, 2, 1)).toBe(1);
    // Attempt 3 used: a second grant lets attempt 4 start.
    expect(extraForRetake(2, 3, 1)).toBe(2);
    // A plain result from before the exam is attempt 1 (attemptsUsed), so one allowed needs one extra.
    expect(extraForRetake(1, attemptsUsed([], true), 0)).toBe(1);
  });

  it('never takes back a grant, even after the exam allows more for everyone', () => {
    expect(extraForRetake(5, 2, 1)).toBe(1);
    expect(extraForRetake(5, 2, 0)).toBe(0);
  });
});

describe('extraAfterWithdrawal', () => {
  it('takes back what is unused and keeps what was used', () => {
    // One allowed and used, one granted and not started: taken back.
    expect(extraAfterWithdrawal(1, 1, 1)).toBe(0);
    // The retake was used: nothing to take back.
    expect(extraAfterWithdrawal(1, 2, 1)).toBe(1);
    // Two grants, one used: the unused one goes.
    expect(extraAfterWithdrawal(2, 3, 2)).toBe(1);
    // The class was later allowed more than the student used: the grant is no longer needed.
    expect(extraAfterWithdrawal(5, 3, 2)).toBe(0);
  });

  it('undoes a grant made by extraForRetake before its attempt starts', () => {
    for (const [allowed, used, granted] of [
      [1, 1, 0],
      [2, 2, 0],
      [2, 3, 1],
      [3, 5, 2],
    ] as const) {
      const afterGrant = extraForRetake(allowed, used, granted);
      expect(extraAfterWithdrawal(allowed, used, afterGrant)).toBe(granted);
    }
  });
});

describe('lockout', () => {
  const window = rules({
    opensAt: at('2026-05-01T08:00:00Z'),
    closesAt: at('2026-05-01T12:00:00Z'),
    attemptsAllowed: 2,
  });
  it.each<[string, string, number, string | null]>([
    ['with an attempt left while open', '2026-05-01T10:00:00Z', 1, null],
    ['with an attempt left before it opens (moved later)', '2026-05-01T07:00:00Z', 1, null],
    ['with every attempt used while open', '2026-05-01T10:00:00Z', 2, 'no-attempts-left'],
    ['with every attempt used before it opens again', '2026-05-01T07:00:00Z', 2, 'no-attempts-left'],
    ['with every attempt used after it closed', '2026-05-02T00:00:00Z', 2, 'exam-closed'],
    ['with an attempt left after it closed', '2026-05-02T00:00:00Z', 1, 'exam-closed'],
  ])('%s', (_name, now, used, expected) => {
    expect(lockout(at(now), window, used)).toBe(expected);
  });
});

describe('isPastDeadline', () => {
  const deadline = at('2026-05-01T09:30:00.000Z');
  it.each<[string, string, boolean]>([
    ['before the deadline', '2026-05-01T09:29:59.000Z', false],
    ['an answer at the deadline is still taken', '2026-05-01T09:30:00.000Z', false],
    ['one millisecond after', '2026-05-01T09:30:00.001Z', true],
    ['one second after is refused', '2026-05-01T09:30:01.000Z', true],
  ])('%s', (_name, now, expected) => {
    expect(isPastDeadline(at(now), deadline)).toBe(expected);
  });

  it('an untimed attempt is never past its deadline', () => {
    expect(isPastDeadline(at('2100-01-01T00:00:00Z'), null)).toBe(false);
  });
});

describe('isPassed', () => {
  it.each<[number, number | null, boolean]>([
    [0, null, true],
    [100, null, true],
    [49, 50, false],
    [50, 50, true],
    [51, 50, true],
    [0, 0, true],
    [99, 100, false],
    [100, 100, true],
  ])('score %i with pass mark %s → %s', (score, passMark, expected) => {
    expect(isPassed(score, passMark)).toBe(expected);
  });
});

describe('replacesCounted', () => {
  it.each<[string, 'best' | 'last', { score: number } | null, number, boolean]>([
    ['the first result always counts (best)', 'best', null, 0, true],
    ['the first result always counts (last)', 'last', null, 0, true],
    ['last: a lower score replaces', 'last', { score: 90 }, 40, true],
    ['last: an equal score replaces', 'last', { score: 60 }, 60, true],
    ['best: a higher score replaces', 'best', { score: 60 }, 61, true],
    ['best: an equal score keeps the earlier attempt', 'best', { score: 60 }, 60, false],
    ['best: a lower score keeps the earlier attempt', 'best', { score: 60 }, 10, false],
  ])('%s', (_name, policy, current, next, expected) => {
    expect(replacesCounted(policy, current, { score: next })).toBe(expected);
  });

  it('best keeps the maximum over any sequence of attempts; last keeps the final one', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1 }), (scores) => {
        let best: { score: number } | null = null;
        let last: { score: number } | null = null;
        for (const score of scores) {
          if (replacesCounted('best', best, { score })) best = { score };
          if (replacesCounted('last', last, { score })) last = { score };
        }
        expect(best!.score).toBe(Math.max(...scores));
        expect(last!.score).toBe(scores.at(-1));
      }),
    );
  });
});

describe('reviewAt and isReviewVisible', () => {
  const submittedAt = at('2026-05-01T09:20:00Z');
  const deadlineAt = at('2026-05-01T09:30:00Z');
  const closesAt = at('2026-05-03T00:00:00Z');

  it.each<[string, Partial<ExamRules>, Date | null, Date | null]>([
    ['immediate: at submission', { review: 'immediate', closesAt }, deadlineAt, submittedAt],
    ['never: no time', { review: 'never', closesAt }, deadlineAt, null],
    ['after-deadline: when the exam closes', { review: 'after-deadline', closesAt }, deadlineAt, closesAt],
    [
      'after-deadline without closing: the attempt deadline',
      { review: 'after-deadline' },
      deadlineAt,
      deadlineAt,
    ],
    ['after-deadline, untimed and never closing: at once', { review: 'after-deadline' }, null, submittedAt],
  ])('%s', (_name, over, attemptDeadlineAt, expected) => {
    expect(reviewAt(rules(over), { deadlineAt: attemptDeadlineAt, submittedAt })).toEqual(expected);
  });

  it('shows from reviewAt on, never before, and never for review: never', () => {
    const attempt = { deadlineAt, submittedAt };
    const held = rules({ review: 'after-deadline', closesAt });
    expect(isReviewVisible(at('2026-05-02T23:59:59.999Z'), held, attempt)).toBe(false);
    expect(isReviewVisible(closesAt, held, attempt)).toBe(true);
    expect(isReviewVisible(at('2026-06-01T00:00:00Z'), held, attempt)).toBe(true);
    expect(isReviewVisible(submittedAt, rules({ review: 'immediate' }), attempt)).toBe(true);
    expect(isReviewVisible(at('2100-01-01T00:00:00Z'), rules({ review: 'never' }), attempt)).toBe(false);
  });
});

describe('scoreDistribution', () => {
  it('has ten bands, the last one 90–100', () => {
    expect(scoreDistribution([]).map((b) => [b.from, b.to, b.count])).toEqual([
      [0, 9, 0],
      [10, 19, 0],
      [20, 29, 0],
      [30, 39, 0],
      [40, 49, 0],
      [50, 59, 0],
      [60, 69, 0],
      [70, 79, 0],
      [80, 89, 0],
      [90, 100, 0],
    ]);
  });

  it('puts band edges where they belong', () => {
    const counts = scoreDistribution([0, 9, 10, 19, 50, 89, 90, 99, 100, 100]).map((b) => b.count);
    expect(counts).toEqual([2, 2, 0, 0, 0, 1, 0, 0, 1, 4]);
  });

  it('counts every score once, in the band that holds it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 })), (scores) => {
        const bands = scoreDistribution(scores);
        expect(bands.reduce((sum, b) => sum + b.count, 0)).toBe(scores.length);
        for (const band of bands) {
          expect(band.count).toBe(scores.filter((s) => s >= band.from && s <= band.to).length);
        }
      }),
    );
  });

  it.each([-1, 101, Number.NaN])('rejects the impossible score %s', (score) => {
    expect(() => scoreDistribution([50, score])).toThrow(RangeError);
  });
});
