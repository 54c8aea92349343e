import { roundedPercent } from './percent';

/** The quiz score: round-half-up(100 · correct / total), 0 for a quiz without questions. */
export function quizScore(correct: number, total: number): number {
  return roundedPercent(correct, total);
}

export type QuizQuestionKey = { id: number; correctAnswerId: number };
export type QuizAnswer = { questionId: number; answerId: number };
export type QuizReviewItem = {
  questionId: number;
  chosenAnswerId: number;
  correctAnswerId: number;
  isCorrect: boolean;
};
export type QuizGrade = {
  score: number;
  correctCount: number;
  total: number;
  notes: string;
  review: QuizReviewItem[];
};

export function quizNotes(correctCount: number, total: number): string {
  return `Correct answers: ${correctCount}/${total}`;
}

/**
 * Grades one attempt. Precondition: `answers` holds exactly one answer for each question and none
 * for any other (the API rejects such a submission with 400 before grading); that each answerId
 * belongs to its question is also the caller's check. A violation throws rather than grading an
 * unanswered question as wrong, because it is a bug in the caller, not a student's mistake.
 * The review follows question order.
 */
export function gradeQuiz(questions: readonly QuizQuestionKey[], answers: readonly QuizAnswer[]): QuizGrade {
  const chosen = new Map<number, number>();
  for (const answer of answers) {
    if (chosen.has(answer.questionId)) throw new Error(`question ${answer.questionId} answered twice`);
    chosen.set(answer.questionId, answer.answerId);
  }
  const questionIds = new Set(questions.map((q) => q.id));
  if (questionIds.size !== questions.length) throw new Error('duplicate question id');
  for (const questionId of chosen.keys()) {
    if (!questionIds.has(questionId)) throw new Error(`answer for unknown question ${questionId}`);
  }

  const review = questions.map((q): QuizReviewItem => {
    const chosenAnswerId = chosen.get(q.id);
    if (chosenAnswerId === undefined) throw new Error(`question ${q.id} is not answered`);
    return {
      questionId: q.id,
      chosenAnswerId,
      correctAnswerId: q.correctAnswerId,
      isCorrect: chosenAnswerId === q.correctAnswerId,
    };
  });
  const correctCount = review.filter((r) => r.isCorrect).length;
  const total = questions.length;
  return {
    score: quizScore(correctCount, total),
    correctCount,
    total,
    notes: quizNotes(correctCount, total),
    review,
  };
}
