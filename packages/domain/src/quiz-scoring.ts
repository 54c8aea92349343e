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

const NOTES = /^\s*Correct answers:\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/i;

/**
 * A result an existing client graded itself (the tenant setting "existing clients grade quizzes"): its
 * score, a percentage rounded half up to a whole one; its correct count from its notes
 * ('Correct answers: x/y') when they fit this quiz's `total` questions, else the count the score stands
 * for. There is no review: the server never saw the answers.
 */
export function clientReportedGrade(score: number, notes: string | undefined, total: number): QuizGrade {
  const percent = Math.min(100, Math.max(0, Math.floor(score + 0.5)));
  const counted = NOTES.exec(notes ?? '');
  const fromNotes = counted && Number(counted[2]) === total ? Number(counted[1]) : null;
  const correctCount =
    fromNotes !== null && fromNotes <= total ? fromNotes : Math.floor((percent * total) / 100 + 0.5);
  return { score: percent, correctCount, total, notes: quizNotes(correctCount, total), review: [] };
}
