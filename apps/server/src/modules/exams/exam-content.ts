// An exam as one student sees it (decision 0013): the questions of a stored attempt in their stored
// order, each answer shown by its position 1..n in that order (the ids the student sends back), and
// the review in those same ids. A drawn question is the fixed quiz's (catalogue cache: answers keyed
// by quiz_answers.id) or the bank's (bank cache: answers keyed by their index); the attempt's draw
// names them by those keys, so grading and display need no other state.
import type { ExamQuizContent, ExamResult, QuizExam } from '@app/contract';
import { UNANSWERED_ANSWER_ID } from '@app/contract';
import { gradeQuiz, type QuizGrade, type QuizReviewItem } from '@app/domain';
import { fromJson } from '../../db/json';
import { bankImagePath } from '../question-bank/bank-rows';
import type { StoredAttemptRow, StoredResultRow } from '../learning/lesson-access';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { BankCache } from './bank-cache';
import type { LessonExamSettings } from './exam-settings';

/** The draw stored once per attempt: questions in the student's order, answers by stored key. */
export type Draw = { questionId: number; answers: number[] }[];
/** Saved answers: question id → shown position (1..n). */
export type SavedAnswers = Record<string, number>;

/** What a review names as correct for a question without a correct answer (the grader's -1). */
const NO_CORRECT = -1;

/** An attempt as the services use it. */
export type Attempt = {
  id: number;
  number: number;
  source: 'fixed' | 'bank';
  startedAt: string;
  deadlineAt: Date | null;
  draw: Draw;
  answers: SavedAnswers;
  /** The saved answers as stored: a close is conditional on them (attempt-service.ts). */
  answersText: string;
  submittedAt: string | null;
  submittedBy: 'student' | 'server' | null;
  score: number | null;
  correctCount: number | null;
  total: number | null;
  /** The graded review in shown ids, once closed. */
  review: QuizReviewItem[] | null;
};

export function attemptOf(row: StoredAttemptRow): Attempt {
  return {
    id: row.id,
    number: row.number,
    source: row.source,
    startedAt: row.started_at,
    deadlineAt: row.deadline_at ? new Date(row.deadline_at) : null,
    draw: fromJson<Draw>(row.draw_json) ?? [],
    answers: fromJson<SavedAnswers>(row.answers_json) ?? {},
    answersText: row.answers_json,
    submittedAt: row.submitted_at,
    submittedBy: row.submitted_by,
    score: row.score,
    correctCount: row.correct_count,
    total: row.total,
    review: fromJson<QuizReviewItem[]>(row.review_json),
  };
}

/** A drawn question's text, image, explanation and answers by stored key. */
export type ShownQuestion = {
  text: string;
  imageFile: string | null;
  explanation: string | null;
  answers: ReadonlyMap<number, { text: string; isCorrect: boolean }>;
};
export type QuestionLookup = (questionId: number) => ShownQuestion | undefined;

/** Resolves the questions an attempt of this source drew: from the catalogue's quiz key or the bank. */
export class ExamQuestions {
  constructor(private readonly deps: { catalogue: CatalogueCache; bank: BankCache }) {}

  async lookup(
    tenantId: number,
    settings: LessonExamSettings,
    source: Attempt['source'],
  ): Promise<QuestionLookup> {
    if (source === 'bank') {
      const { byId } = await this.deps.bank.bank(tenantId, settings.courseId);
      return (questionId) => {
        const question = byId.get(questionId);
        return (
          question && {
            text: question.text,
            imageFile: question.imageFile,
            explanation: question.explanation,
            answers: new Map(question.answers.map((answer, index) => [index, answer])),
          }
        );
      };
    }
    const quiz = await this.deps.catalogue.quiz(settings.lessonId);
    const byId = new Map(
      quiz.map((question) => [
        question.id,
        {
          text: question.text,
          imageFile: null,
          explanation: null,
          answers: new Map(question.answers.map((answer) => [answer.id, answer])),
        },
      ]),
    );
    return (questionId) => byId.get(questionId);
  }
}

/** How much of an attempt to show: correctness (a review), and explanations with it. */
type Reveal = { correct: boolean; explanations: boolean };

/** The attempt's questions as the student sees them: shown positions; correctness only in a review. */
export function shownQuestions(
  attempt: Attempt,
  lookup: QuestionLookup,
  reveal: Reveal,
): ExamQuizContent['questions'] {
  return attempt.draw.map(({ questionId, answers }) => {
    const question = lookup(questionId);
    return {
      id: questionId,
      text: question?.text ?? '',
      imageUrl: bankImagePath(question?.imageFile ?? null),
      ...(reveal.correct && reveal.explanations ? { explanation: question?.explanation ?? null } : {}),
      answers: answers.map((key, index) => {
        const answer = question?.answers.get(key);
        const shown = { id: index + 1, text: answer?.text ?? '' };
        return reveal.correct ? { ...shown, isCorrect: answer?.isCorrect === true } : shown;
      }),
    };
  });
}

/** The saved answers as the contract lists them, in the attempt's question order. */
export function savedList(attempt: Attempt): { questionId: number; answerId: number }[] {
  return attempt.draw
    .filter(({ questionId }) => attempt.answers[questionId] !== undefined)
    .map(({ questionId }) => ({ questionId, answerId: attempt.answers[questionId]! }));
}

/**
 * Grades what the attempt holds: every drawn question, the unanswered ones wrong. `shown` is the
 * review in the student's ids (positions), `stored` the same in stored keys (what quiz_results keeps,
 * as a plain quiz's result does: quiz_answers.id for a fixed quiz, the answer's index for the bank).
 */
export function gradeAttempt(
  draw: Draw,
  answers: SavedAnswers,
  lookup: QuestionLookup,
): { shown: QuizGrade; stored: QuizReviewItem[] } {
  const keys = draw.map(({ questionId, answers: shownKeys }) => {
    const question = lookup(questionId);
    const correctIndex = shownKeys.findIndex((key) => question?.answers.get(key)?.isCorrect === true);
    return { questionId, shownKeys, correct: correctIndex < 0 ? NO_CORRECT : correctIndex + 1 };
  });
  const shown = gradeQuiz(
    keys.map(({ questionId, correct }) => ({ id: questionId, correctAnswerId: correct })),
    keys.map(({ questionId }) => ({ questionId, answerId: answers[questionId] ?? UNANSWERED_ANSWER_ID })),
  );
  const storedKey = (shownKeys: number[], position: number) =>
    position >= 1 ? (shownKeys[position - 1] ?? NO_CORRECT) : NO_CORRECT;
  const stored = shown.review.map((item, index) => ({
    ...item,
    chosenAnswerId: storedKey(keys[index]!.shownKeys, item.chosenAnswerId),
    correctAnswerId: storedKey(keys[index]!.shownKeys, item.correctAnswerId),
  }));
  return { shown, stored };
}

/** A closed attempt's result as the student is shown it; the review only when it may show. */
export function attemptResult(
  attempt: Attempt,
  passed: boolean,
  review: { visible: boolean; explanations: boolean; lookup: QuestionLookup | null },
): ExamResult {
  const correctCount = attempt.correctCount ?? 0;
  const total = attempt.total ?? 0;
  return {
    score: attempt.score ?? 0,
    correctCount,
    total,
    notes: `Correct answers: ${correctCount}/${total}`,
    passed,
    attemptNumber: attempt.number,
    submittedBy: attempt.submittedBy ?? 'server',
    review: review.visible
      ? (attempt.review ?? []).map((item) =>
          review.explanations
            ? { ...item, explanation: review.lookup?.(item.questionId)?.explanation ?? null }
            : item,
        )
      : [],
  };
}

/** The counted result (quiz_results) when no attempt of this exam produced it (a plain quiz's, kept). */
export function plainResult(stored: StoredResultRow): ExamResult {
  return {
    score: stored.score,
    correctCount: stored.correct_count,
    total: stored.total,
    notes: `Correct answers: ${stored.correct_count}/${stored.total}`,
    passed: stored.passed !== 0,
    review: [],
  };
}

/** The `exam` of the content: the settings a student sees and where they stand. */
export function examOf(
  settings: LessonExamSettings,
  state: {
    attemptsUsed: number;
    open: Attempt | null;
    canStart: boolean;
    reviewAt: Date | null;
    /** The latest submitted attempt's result, when it is not the counted result. */
    latest: ExamResult | null;
    questionCount: number;
    now: Date;
  },
): QuizExam {
  const { open } = state;
  return {
    timeLimitMinutes: settings.timeLimitMinutes,
    passMark: settings.passMark,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsUsed: state.attemptsUsed,
    counts: settings.counts,
    review: settings.review,
    opensAt: settings.opensAt?.toISOString() ?? null,
    closesAt: settings.closesAt?.toISOString() ?? null,
    questionCount: state.questionCount,
    attempt: open && {
      number: open.number,
      startedAt: open.startedAt,
      deadlineAt: open.deadlineAt?.toISOString() ?? null,
      answers: savedList(open),
    },
    canStart: state.canStart,
    reviewAt: state.reviewAt?.toISOString() ?? null,
    latest: state.latest,
    serverNow: state.now.toISOString(),
  };
}
