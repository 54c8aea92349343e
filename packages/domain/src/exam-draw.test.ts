import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DrawRuleSpec, PoolQuestion } from './exam-draw';
import { DrawError, availableFor, drawFromBank, seededRandom, shuffleFixed } from './exam-draw';

const TOPICS = ['جبر', 'هندسة', ''] as const;
const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

/** `n` questions cycling through topics and difficulties, 2–6 answers each. */
const bank = (n: number): PoolQuestion[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 500 + i,
    topic: TOPICS[i % 3]!,
    difficulty: DIFFICULTIES[Math.floor(i / 3) % 3]!,
    answerCount: 2 + (i % 5),
  }));

const seed = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const poolArb = fc
  .array(
    fc.record({
      topic: fc.constantFrom(...TOPICS),
      difficulty: fc.constantFrom(...DIFFICULTIES),
      answerCount: fc.integer({ min: 2, max: 6 }),
    }),
    { maxLength: 40 },
  )
  .map((qs) => qs.map((q, i) => ({ ...q, id: 100 + 7 * i })));
const ruleArb: fc.Arbitrary<DrawRuleSpec> = fc.record({
  topic: fc.option(fc.constantFrom(...TOPICS), { nil: null }),
  difficulty: fc.option(fc.constantFrom(...DIFFICULTIES), { nil: null }),
  count: fc.integer({ min: 1, max: 8 }),
});

const matches = (rule: DrawRuleSpec, q: PoolQuestion) =>
  (rule.topic === null || rule.topic === q.topic) &&
  (rule.difficulty === null || rule.difficulty === q.difficulty);

/**
 * Whether the drawn questions can be handed out so that each rule gets `count` questions matching it
 * (each question to one rule): a bipartite matching of rule slots to questions (Kuhn's algorithm).
 */
const assignsEveryRule = (rules: DrawRuleSpec[], drawn: PoolQuestion[]): boolean => {
  const slots = rules.flatMap((rule) => Array.from({ length: rule.count }, () => rule));
  const owner = new Array<number>(drawn.length).fill(-1);
  const place = (slot: number, seen: Set<number>): boolean =>
    drawn.some((q, i) => {
      if (seen.has(i) || !matches(slots[slot]!, q)) return false;
      seen.add(i);
      if (owner[i] === -1 || place(owner[i]!, seen)) {
        owner[i] = slot;
        return true;
      }
      return false;
    });
  return slots.length === drawn.length && slots.every((_, slot) => place(slot, new Set()));
};

/** Draws that succeed, or undefined where a rule had too few. */
const tryDraw = (pool: PoolQuestion[], rules: DrawRuleSpec[], s: number) => {
  try {
    return drawFromBank(pool, rules, s);
  } catch (error) {
    if (error instanceof DrawError) return undefined;
    throw error;
  }
};

describe('seededRandom', () => {
  it('gives floats in [0, 1), the same stream for the same seed', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const a = seededRandom(s);
        const b = seededRandom(s);
        for (let i = 0; i < 50; i++) {
          const x = a();
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(1);
          expect(b()).toBe(x);
        }
      }),
    );
  });

  it('gives unrelated streams for neighbouring seeds', () => {
    const firsts = new Set(Array.from({ length: 1000 }, (_, s) => seededRandom(s)()));
    expect(firsts.size).toBe(1000);
  });
});

describe('drawFromBank', () => {
  it('is reproducible: the same pool, rules and seed give the same draw', () => {
    fc.assert(
      fc.property(poolArb, fc.array(ruleArb, { maxLength: 4 }), seed, (pool, rules, s) => {
        expect(tryDraw(pool, rules, s)).toEqual(tryDraw(pool, rules, s));
      }),
    );
  });

  it('draws each rule its count of distinct matching questions, earlier rules first, or throws', () => {
    fc.assert(
      fc.property(poolArb, fc.array(ruleArb, { maxLength: 4 }), seed, (pool, rules, s) => {
        const drawn = tryDraw(pool, rules, s);
        if (!drawn) return;
        const ids = drawn.map((d) => d.questionId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(rules.reduce((sum, r) => sum + r.count, 0));
        const byId = new Map(pool.map((q) => [q.id, q]));
        expect(
          assignsEveryRule(
            rules,
            ids.map((id) => byId.get(id)!),
          ),
        ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gives each question its answers as a permutation of 0..answerCount-1', () => {
    fc.assert(
      fc.property(poolArb, seed, (pool, s) => {
        const drawn = drawFromBank(pool, [{ topic: null, difficulty: null, count: pool.length }], s);
        const byId = new Map(pool.map((q) => [q.id, q]));
        for (const d of drawn) {
          const n = byId.get(d.questionId)!.answerCount;
          expect([...d.answers].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        }
      }),
    );
  });

  it('serves a specific rule before a later "any" rule takes from the rest', () => {
    // Three algebra questions; the first rule needs all three, so "any" must not take one first.
    const pool = bank(9);
    const algebra = pool.filter((q) => q.topic === 'جبر').map((q) => q.id);
    const rules: DrawRuleSpec[] = [
      { topic: 'جبر', difficulty: null, count: 3 },
      { topic: null, difficulty: null, count: 6 },
    ];
    for (let s = 0; s < 200; s++) {
      const ids = drawFromBank(pool, rules, s).map((d) => d.questionId);
      expect(ids.filter((id) => algebra.includes(id))).toHaveLength(3);
      expect(new Set(ids).size).toBe(9);
    }
  });

  it('does not let an earlier rule take a question twice: the later rule only gets what is left', () => {
    const pool = bank(9); // 3 easy, 3 medium, 3 hard
    const rules: DrawRuleSpec[] = [
      { topic: null, difficulty: 'easy', count: 2 },
      { topic: null, difficulty: 'easy', count: 1 },
    ];
    for (let s = 0; s < 100; s++) {
      const ids = drawFromBank(pool, rules, s).map((d) => d.questionId);
      expect(new Set(ids).size).toBe(3);
    }
    expect(() => drawFromBank(pool, [...rules, { topic: null, difficulty: 'easy', count: 1 }], 1)).toThrow(
      DrawError,
    );
  });

  it('throws DrawError naming the rule (1-based), what it wanted and what was available', () => {
    const pool = bank(9);
    const rules: DrawRuleSpec[] = [
      { topic: null, difficulty: 'hard', count: 2 },
      { topic: 'هندسة', difficulty: 'hard', count: 2 },
    ];
    // Whichever two hard questions rule 1 takes, geometry-hard (one question) cannot give two.
    try {
      drawFromBank(pool, rules, 3);
      expect.unreachable('the second rule cannot be met');
    } catch (error) {
      expect(error).toBeInstanceOf(DrawError);
      const e = error as DrawError;
      expect(e.ruleIndex).toBe(1);
      expect(e.wanted).toBe(2);
      expect(e.available).toBeLessThanOrEqual(1);
      expect(e.message).toMatch(/rule 2 asks for 2 questions but only [01] (is|are) available/);
    }
    expect(() => drawFromBank([], [{ topic: null, difficulty: null, count: 1 }], 0)).toThrow(
      'Draw rule 1 asks for 1 question but only 0 are available',
    );
  });

  it('draws no questions for no rules', () => {
    expect(drawFromBank(bank(5), [], 9)).toEqual([]);
  });
});

describe('uniformity over many seeds', () => {
  const SEEDS = 20_000;
  const TEN = bank(10);
  /** How often each of the ten questions is the one drawn, over seeds 0..SEEDS-1. */
  const frequencies = (drawOne: (s: number) => number): number[] => {
    const counts = new Map(TEN.map((q) => [q.id, 0]));
    for (let s = 0; s < SEEDS; s++) {
      const id = drawOne(s);
      counts.set(id, counts.get(id)! + 1);
    }
    return [...counts.values()];
  };
  // Expected 2000 each; one standard deviation is √(20000·0.1·0.9) ≈ 42, so ±200 is over 4.7σ:
  // a uniform draw always meets it, a biased one (below) misses it by far.
  const isUniform = (counts: number[]) => counts.every((c) => Math.abs(c - SEEDS / 10) <= 200);

  it('draws each question of ten about equally often when one is wanted', () => {
    const counts = frequencies(
      (s) => drawFromBank(TEN, [{ topic: null, difficulty: null, count: 1 }], s)[0]!.questionId,
    );
    expect(isUniform(counts)).toBe(true);
  });

  it('is uniform over what is left for a rule after an earlier one', () => {
    // Rule 1 takes one easy question (of four); rule 2 one of the remaining nine at random.
    const counts = new Map(TEN.map((q) => [q.id, 0]));
    for (let s = 0; s < SEEDS; s++) {
      const drawn = drawFromBank(
        TEN,
        [
          { topic: null, difficulty: 'easy', count: 1 },
          { topic: null, difficulty: null, count: 1 },
        ],
        s,
      );
      for (const d of drawn) counts.set(d.questionId, counts.get(d.questionId)! + 1);
    }
    // Easy questions (ids 500–502, and 509): 1/4 + (3/4)(1/9) = 1/3 each; the other six: 1/9 each.
    for (const [id, count] of counts) {
      const p = TEN.find((q) => q.id === id)!.difficulty === 'easy' ? 1 / 3 : 1 / 9;
      expect(Math.abs(count - SEEDS * p)).toBeLessThan(300);
    }
  });

  it('puts a drawn question in every position about equally often', () => {
    const firstPosition = new Array<number>(5).fill(0);
    const pool = bank(5);
    for (let s = 0; s < SEEDS; s++) {
      const ids = drawFromBank(pool, [{ topic: null, difficulty: null, count: 5 }], s).map(
        (d) => d.questionId,
      );
      firstPosition[ids.indexOf(500)]! += 1;
    }
    for (const count of firstPosition) expect(Math.abs(count - SEEDS / 5)).toBeLessThan(300);
  });

  it('the tolerance catches biased draws: always the first, or a sort by a random comparator', () => {
    expect(isUniform(frequencies(() => TEN[0]!.id))).toBe(false);
    const sortShuffle = (s: number) => {
      const random = seededRandom(s);
      return [...TEN].sort(() => random() - 0.5)[0]!.id;
    };
    expect(isUniform(frequencies(sortShuffle))).toBe(false);
    // Floor of random · (n - 1): the last question is never drawn.
    expect(isUniform(frequencies((s) => TEN[Math.floor(seededRandom(s)() * 9)]!.id))).toBe(false);
  });
});

describe('shuffleFixed', () => {
  const fixedArb = fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 15 }).map((counts) =>
    counts.map((n, q) => ({
      id: 40 + q,
      answerIds: Array.from({ length: n }, (_, a) => 900 + 10 * q + a),
    })),
  );

  it('keeps every question exactly once, each with a permutation of its own answer ids', () => {
    fc.assert(
      fc.property(fixedArb, seed, (questions, s) => {
        const shuffled = shuffleFixed(questions, s);
        expect(shuffled.map((d) => d.questionId).sort()).toEqual(questions.map((q) => q.id).sort());
        for (const d of shuffled) {
          const source = questions.find((q) => q.id === d.questionId)!;
          expect([...d.answers].sort()).toEqual([...source.answerIds].sort());
        }
      }),
    );
  });

  it('is the same for the same seed and moves questions between seeds', () => {
    const questions = Array.from({ length: 6 }, (_, q) => ({
      id: q + 1,
      answerIds: [10 * q, 10 * q + 1, 10 * q + 2],
    }));
    expect(shuffleFixed(questions, 77)).toEqual(shuffleFixed(questions, 77));
    const orders = new Set(Array.from({ length: 100 }, (_, s) => JSON.stringify(shuffleFixed(questions, s))));
    expect(orders.size).toBe(100);
    const firsts = new Set(Array.from({ length: 100 }, (_, s) => shuffleFixed(questions, s)[0]!.questionId));
    expect(firsts.size).toBe(6);
  });
});

describe('availableFor', () => {
  const pool = bank(18); // each (topic, difficulty) cell holds 2 questions

  it.each<[string, DrawRuleSpec[], number[]]>([
    ['no rules', [], []],
    ['one "any" rule: the whole pool', [{ topic: null, difficulty: null, count: 3 }], [18]],
    ['a topic: its six questions', [{ topic: 'جبر', difficulty: null, count: 1 }], [6]],
    ['an empty topic is a topic of its own', [{ topic: '', difficulty: 'hard', count: 1 }], [2]],
    ['a topic nobody wrote', [{ topic: 'فيزياء', difficulty: null, count: 1 }], [0]],
    [
      'specific first, then "any" gets the rest',
      [
        { topic: 'جبر', difficulty: 'easy', count: 2 },
        { topic: null, difficulty: null, count: 5 },
      ],
      [2, 16],
    ],
    [
      '"any" first may take all of a later rule\'s questions',
      [
        { topic: null, difficulty: null, count: 5 },
        { topic: 'جبر', difficulty: 'easy', count: 1 },
      ],
      [18, 0],
    ],
    [
      'overlapping rules take only what they can reach',
      [
        { topic: 'جبر', difficulty: null, count: 10 },
        { topic: null, difficulty: 'hard', count: 3 },
      ],
      // Algebra has six questions, two of them hard: at most two hard ones are gone.
      [6, 4],
    ],
    [
      'two earlier rules competing for one cell',
      [
        { topic: 'هندسة', difficulty: 'easy', count: 1 },
        { topic: null, difficulty: 'easy', count: 1 },
        { topic: 'هندسة', difficulty: 'easy', count: 1 },
      ],
      [2, 5, 0],
    ],
  ])('%s', (_name, rules, expected) => {
    expect(availableFor(pool, rules)).toEqual(expected);
  });

  it('is safe: when every rule wants at most what is available, the draw never throws', () => {
    fc.assert(
      fc.property(
        poolArb,
        fc.array(ruleArb, { maxLength: 5 }),
        fc.array(seed, { minLength: 5, maxLength: 5 }),
        (p, rules, seeds) => {
          const available = availableFor(p, rules);
          const fitted = rules
            .map((r, i) => ({ ...r, count: Math.min(r.count, available[i]!) }))
            .filter((r) => r.count > 0);
          // Shrinking a rule's count (or dropping it) can only leave more for later rules.
          availableFor(p, fitted).forEach((a, i) => expect(fitted[i]!.count).toBeLessThanOrEqual(a));
          for (const s of seeds) expect(() => drawFromBank(p, fitted, s)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is tight: a rule asking for one more than available can fail for some seed', () => {
    const rules: DrawRuleSpec[] = [
      { topic: 'جبر', difficulty: null, count: 10 },
      { topic: null, difficulty: 'hard', count: 5 },
    ];
    // Available for rule 2 is 4 (above) but the pool has only six algebra questions, so rule 1 fails.
    expect(() => drawFromBank(pool, rules, 0)).toThrow(DrawError);
    const feasible: DrawRuleSpec[] = [
      { topic: 'جبر', difficulty: null, count: 3 },
      { topic: null, difficulty: 'hard', count: 5 },
    ];
    expect(availableFor(pool, feasible)).toEqual([6, 4]);
    const failures = Array.from({ length: 200 }, (_, s) => tryDraw(pool, feasible, s)).filter((d) => !d);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.length).toBeLessThan(200);
  });
});
