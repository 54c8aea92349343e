import { describe, it, expect } from 'vitest';
import type { QuizAnswer, QuizQuestionKey } from './quiz-scoring';
import { clientReportedGrade, gradeQuiz, quizNotes, quizScore } from './quiz-scoring';

describe('quizScore', () => {
  it.each([
    [0, 0, 0],
    [0, 4, 0],
    [4, 4, 100],
    [1, 8, 13],
    [5, 8, 63],
    [2, 3, 67],
    [1, 3, 33],
    [1, 2, 50],
    [3, 7, 43],
    [7, 9, 78],
    [1, 40, 3],
    [3, 40, 8],
  ])('%i of %i → %i', (correct, total, expected) => {
    expect(quizScore(correct, total)).toBe(expected);
  });

  it.each([
    [5, 4],
    [-1, 4],
    [1.5, 4],
  ])('rejects %s of %s', (correct, total) => {
    expect(() => quizScore(correct, total)).toThrow(RangeError);
  });
});

describe('quizNotes', () => {
  it.each([
    [0, 0, 'Correct answers: 0/0'],
    [3, 8, 'Correct answers: 3/8'],
  ])('%i/%i → %s', (correct, total, expected) => {
    expect(quizNotes(correct, total)).toBe(expected);
  });
});

describe('gradeQuiz', () => {
  const questions: QuizQuestionKey[] = [
    { id: 10, correctAnswerId: 101 },
    { id: 20, correctAnswerId: 202 },
    { id: 30, correctAnswerId: 303 },
  ];

  it('grades each question, reviews them in question order and scores the attempt', () => {
    // answers arrive in a different order from the questions
    const answers: QuizAnswer[] = [
      { questionId: 30, answerId: 303 },
      { questionId: 10, answerId: 101 },
      { questionId: 20, answerId: 201 },
    ];
    expect(gradeQuiz(questions, answers)).toEqual({
      score: 67,
      correctCount: 2,
      total: 3,
      notes: 'Correct answers: 2/3',
      review: [
        { questionId: 10, chosenAnswerId: 101, correctAnswerId: 101, isCorrect: true },
        { questionId: 20, chosenAnswerId: 201, correctAnswerId: 202, isCorrect: false },
        { questionId: 30, chosenAnswerId: 303, correctAnswerId: 303, isCorrect: true },
      ],
    });
  });

  it.each([
    [[101, 202, 303], 100, 3],
    [[100, 200, 300], 0, 0],
    [[101, 200, 300], 33, 1],
  ])('answers %j score %i with %i correct', (chosen, score, correctCount) => {
    const answers = questions.map((q, i) => ({ questionId: q.id, answerId: chosen[i] ?? -1 }));
    const result = gradeQuiz(questions, answers);
    expect(result.score).toBe(score);
    expect(result.correctCount).toBe(correctCount);
    expect(result.notes).toBe(`Correct answers: ${correctCount}/3`);
  });

  it('scores the half case 1 of 8 as 13', () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: i, correctAnswerId: 1 }));
    const answers = eight.map((q) => ({ questionId: q.id, answerId: q.id === 0 ? 1 : 2 }));
    expect(gradeQuiz(eight, answers)).toMatchObject({ score: 13, correctCount: 1, total: 8 });
  });

  it('grades a quiz without questions as 0', () => {
    expect(gradeQuiz([], [])).toEqual({
      score: 0,
      correctCount: 0,
      total: 0,
      notes: 'Correct answers: 0/0',
      review: [],
    });
  });

  it.each<[string, QuizQuestionKey[], QuizAnswer[]]>([
    [
      'a question is not answered',
      questions,
      [
        { questionId: 10, answerId: 101 },
        { questionId: 20, answerId: 202 },
      ],
    ],
    [
      'a question is answered twice',
      questions,
      [
        { questionId: 10, answerId: 101 },
        { questionId: 10, answerId: 102 },
        { questionId: 20, answerId: 202 },
        { questionId: 30, answerId: 303 },
      ],
    ],
    [
      'an answer is for an unknown question',
      questions,
      [
        { questionId: 10, answerId: 101 },
        { questionId: 20, answerId: 202 },
        { questionId: 30, answerId: 303 },
        { questionId: 40, answerId: 404 },
      ],
    ],
    [
      'question ids repeat',
      [
        { id: 1, correctAnswerId: 1 },
        { id: 1, correctAnswerId: 2 },
      ],
      [{ questionId: 1, answerId: 1 }],
    ],
  ])('throws when %s', (_name, qs, answers) => {
    expect(() => gradeQuiz(qs, answers)).toThrow(Error);
  });
});

describe('clientReportedGrade', () => {
  it('keeps the score and takes the count from notes that fit the quiz', () => {
    expect(clientReportedGrade(67, 'Correct answers: 2/3', 3)).toEqual({
      score: 67,
      correctCount: 2,
      total: 3,
      notes: 'Correct answers: 2/3',
      review: [],
    });
  });

  it('rounds a fractional score half up', () => {
    expect(clientReportedGrade(66.5, 'Correct answers: 2/3', 3).score).toBe(67);
    expect(clientReportedGrade(12.4, undefined, 8).score).toBe(12);
  });

  it('derives the count from the score when the notes are missing or do not fit', () => {
    expect(clientReportedGrade(50, undefined, 4).correctCount).toBe(2);
    expect(clientReportedGrade(50, 'Correct answers: 9/10', 4).correctCount).toBe(2);
    expect(clientReportedGrade(50, 'Correct answers: 5/4', 4).correctCount).toBe(2);
    expect(clientReportedGrade(100, 'well done', 3)).toMatchObject({
      correctCount: 3,
      notes: 'Correct answers: 3/3',
    });
  });
});
