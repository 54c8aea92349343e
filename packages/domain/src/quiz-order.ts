// Each student sees a quiz in an order of their own (issue 16): the questions, and each question's
// answers, shuffled from a seed the server derives per student and quiz. The same seed gives the same
// order, so a reload shows what the student saw before. The seed itself must be unpredictable (the
// server takes it from a keyed hash); this file only turns a seed into an order.

/** mulberry32: a small, well-mixed 32-bit generator; numbers in [0, 1) from one 32-bit seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Fisher–Yates with the given numbers: every permutation is reachable, the input is left alone. */
function shuffle<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `items` in the order seed `seed` (any 32-bit integer) gives. */
export function seededOrder<T>(items: readonly T[], seed: number): T[] {
  return shuffle(items, generator(seed));
}

/**
 * A quiz in one student's order: its questions shuffled, then each question's answers, all from one
 * seed. Nothing is added or dropped, only moved.
 */
export function quizInStudentOrder<Q extends { answers: readonly unknown[] }>(
  questions: readonly Q[],
  seed: number,
): (Omit<Q, 'answers'> & { answers: Q['answers'][number][] })[] {
  const next = generator(seed);
  return shuffle(questions, next).map((question) => ({
    ...question,
    answers: shuffle(question.answers, next),
  }));
}
