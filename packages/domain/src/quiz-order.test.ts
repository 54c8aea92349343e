import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quizInStudentOrder, seededOrder } from './quiz-order';

const quiz = (questions: number, answers = 4) =>
  Array.from({ length: questions }, (_, q) => ({
    id: 100 + q,
    text: `سؤال ${q + 1}`,
    answers: Array.from({ length: answers }, (__, a) => ({ id: 1000 + 10 * q + a })),
  }));

/** A quiz's order as one comparable string: question ids, each with its answer ids. */
const orderOf = (questions: ReturnType<typeof quiz>) =>
  questions.map((q) => `${q.id}:${q.answers.map((a) => a.id).join(',')}`).join(' ');

const seed = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe('seededOrder', () => {
  it('is a permutation of its input, which it leaves alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), seed, (items, s) => {
        const copy = [...items];
        const ordered = seededOrder(items, s);
        expect(items).toEqual(copy);
        expect([...ordered].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  it('gives the same order for the same seed', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), seed, (items, s) => {
        expect(seededOrder(items, s)).toEqual(seededOrder(items, s));
      }),
    );
  });

  it('puts every item first about equally often over many seeds (no favoured position)', () => {
    const counts = [0, 0, 0, 0];
    const seeds = 4000;
    for (let s = 0; s < seeds; s++) counts[seededOrder([0, 1, 2, 3], s * 2_654_435_761)[0]!]! += 1;
    // Each item expected 1000 times; a broken shuffle (never in place, or always) lands far outside.
    for (const count of counts) expect(count).toBeGreaterThan(880);
    for (const count of counts) expect(count).toBeLessThan(1120);
  });

  it('keeps empty and one-item lists as they are', () => {
    expect(seededOrder([], 7)).toEqual([]);
    expect(seededOrder(['أ'], 7)).toEqual(['أ']);
  });
});

describe('quizInStudentOrder', () => {
  it('moves questions and answers but keeps each answer with its question', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 6 }), seed, (q, a, s) => {
        const original = quiz(q, a);
        const ordered = quizInStudentOrder(original, s);
        expect(ordered.map((x) => x.id).sort()).toEqual(original.map((x) => x.id).sort());
        for (const question of ordered) {
          const source = original.find((x) => x.id === question.id)!;
          expect(question.text).toBe(source.text);
          expect(question.answers.map((x) => x.id).sort()).toEqual(source.answers.map((x) => x.id).sort());
        }
      }),
    );
  });

  it('is the same for the same seed: a reload shows the same order', () => {
    const original = quiz(6);
    expect(orderOf(quizInStudentOrder(original, 42))).toBe(orderOf(quizInStudentOrder(original, 42)));
  });

  it('usually differs between seeds: 200 students of a 5-question quiz see 200 orders', () => {
    const original = quiz(5);
    const orders = new Set(Array.from({ length: 200 }, (_, s) => orderOf(quizInStudentOrder(original, s))));
    expect(orders.size).toBe(200);
    // Not just the answers: the questions move too.
    const firstQuestions = new Set(
      Array.from({ length: 200 }, (_, s) => quizInStudentOrder(original, s)[0]!.id),
    );
    expect(firstQuestions.size).toBe(5);
  });
});
