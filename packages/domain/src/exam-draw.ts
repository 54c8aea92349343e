// An exam's questions for one attempt (issue 20, decision 0013): drawn from a course's question bank
// by the quiz's draw rules, or a fixed quiz shuffled, all from one seed. The server takes the seed
// at random per attempt and stores the draw, so the seed only has to make this function pure.

export type Difficulty = 'easy' | 'medium' | 'hard';
export type PoolQuestion = { id: number; topic: string; difficulty: Difficulty; answerCount: number };
/** `count` questions with this topic and difficulty; null means any. */
export type DrawRuleSpec = { topic: string | null; difficulty: Difficulty | null; count: number };
/** One drawn question: `answers` are the stored answer keys in the order shown to the student. */
export type DrawnQuestion = { questionId: number; answers: number[] };

/** A rule the pool cannot satisfy: `ruleIndex` is 0-based, the message names it 1-based. */
export class DrawError extends Error {
  constructor(
    readonly ruleIndex: number,
    readonly available: number,
    readonly wanted: number,
  ) {
    super(
      `Draw rule ${ruleIndex + 1} asks for ${wanted} question${wanted === 1 ? '' : 's'} ` +
        `but only ${available} ${available === 1 ? 'is' : 'are'} available`,
    );
    this.name = 'DrawError';
  }
}

/**
 * sfc32 (a small, fast 32-bit generator that passes PractRand) with its state spread from one 32-bit
 * seed by splitmix32 and warmed up, so neighbouring seeds give unrelated streams. Floats in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 2 ** 32;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** The first `k` of a partial Fisher–Yates over a copy: each k-sequence of distinct items equally likely. */
function takeRandom<T>(items: readonly T[], k: number, random: () => number): T[] {
  const out = [...items];
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (out.length - i));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.slice(0, k);
}

const permutation = <T>(items: readonly T[], random: () => number): T[] =>
  takeRandom(items, items.length, random);

const matches = (rule: DrawRuleSpec, q: { topic: string; difficulty: Difficulty }): boolean =>
  (rule.topic === null || rule.topic === q.topic) &&
  (rule.difficulty === null || rule.difficulty === q.difficulty);

/**
 * For each rule in order, `count` distinct questions among the pool entries matching it that no
 * earlier rule took, chosen uniformly; then the whole list is shuffled, and each question's answers
 * are a shuffled permutation of 0..answerCount-1. Same pool, rules and seed: same draw.
 * Throws DrawError when a rule has too few candidates.
 */
export function drawFromBank(
  pool: readonly PoolQuestion[],
  rules: readonly DrawRuleSpec[],
  seed: number,
): DrawnQuestion[] {
  const random = seededRandom(seed);
  const taken = new Set<number>();
  const chosen: PoolQuestion[] = [];
  rules.forEach((rule, ruleIndex) => {
    const candidates = pool.filter((q) => !taken.has(q.id) && matches(rule, q));
    if (candidates.length < rule.count) throw new DrawError(ruleIndex, candidates.length, rule.count);
    for (const q of takeRandom(candidates, rule.count, random)) {
      taken.add(q.id);
      chosen.push(q);
    }
  });
  return permutation(chosen, random).map((q) => ({
    questionId: q.id,
    answers: permutation(
      Array.from({ length: q.answerCount }, (_, i) => i),
      random,
    ),
  }));
}

/** A fixed quiz shuffled for one attempt: every question, in a seeded order, each with its answer ids shuffled. */
export function shuffleFixed(
  questions: readonly { id: number; answerIds: readonly number[] }[],
  seed: number,
): DrawnQuestion[] {
  const random = seededRandom(seed);
  return permutation(questions, random).map((q) => ({
    questionId: q.id,
    answers: permutation(q.answerIds, random),
  }));
}

/**
 * The largest number of rule `target`'s candidates (`cells`, the (topic, difficulty) cells it matches)
 * that the earlier rules can take between them, however their draws fall: a maximum flow from the
 * earlier rules (each taking at most its count) into those cells (each holding at most its size).
 */
function mostTakenFrom(
  cells: readonly { topic: string; difficulty: Difficulty; size: number }[],
  rules: readonly DrawRuleSpec[],
  target: number,
): number {
  const cellRoom = cells.map((c) => c.size);
  const ruleRoom = rules.slice(0, target).map((r) => r.count);
  // flow[j][c]: how many of cell c rule j takes; undone along augmenting paths.
  const flow = ruleRoom.map(() => cells.map(() => 0));
  const reachable = (j: number, c: number) => matches(rules[j]!, cells[c]!);

  // One unit at a time from rule `j` (augmenting paths alternate rule → cell → rule already using it).
  const augment = (j: number, seenRules: Set<number>): boolean => {
    seenRules.add(j);
    for (let c = 0; c < cells.length; c++) {
      if (!reachable(j, c)) continue;
      if (cellRoom[c]! > 0) {
        cellRoom[c]! -= 1;
        flow[j]![c]! += 1;
        return true;
      }
      for (let other = 0; other < ruleRoom.length; other++) {
        if (seenRules.has(other) || flow[other]![c]! === 0) continue;
        if (augment(other, seenRules)) {
          flow[other]![c]! -= 1;
          flow[j]![c]! += 1;
          return true;
        }
      }
    }
    return false;
  };

  let total = 0;
  ruleRoom.forEach((room, j) => {
    for (let unit = 0; unit < room && augment(j, new Set()); unit++) total += 1;
  });
  return total;
}

/**
 * For each rule, how many candidates it is sure to have after the earlier rules took theirs, whichever
 * questions they drew (the admin's "available" counts). When every rule's count is at most its
 * number here, drawFromBank never throws.
 */
export function availableFor(pool: readonly PoolQuestion[], rules: readonly DrawRuleSpec[]): number[] {
  const bySlot = new Map<string, { topic: string; difficulty: Difficulty; size: number }>();
  for (const q of pool) {
    const key = JSON.stringify([q.topic, q.difficulty]);
    const cell = bySlot.get(key) ?? { topic: q.topic, difficulty: q.difficulty, size: 0 };
    cell.size += 1;
    bySlot.set(key, cell);
  }
  const cells = [...bySlot.values()];
  return rules.map((rule, i) => {
    const matching = cells.filter((c) => matches(rule, c));
    const size = matching.reduce((sum, c) => sum + c.size, 0);
    return size - mostTakenFrom(matching, rules, i);
  });
}
