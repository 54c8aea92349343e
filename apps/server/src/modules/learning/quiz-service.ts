// Quizzes: the questions without their answers' correctness until the one attempt is submitted;
// the server grades (round half up) and stores the result once, even when two submits race. Each
// student sees the quiz in their own order and answer ids (quiz-presentation.ts); what is stored uses
// the stored ids. The first opening of an unsubmitted quiz records when the attempt started (once:
// LessonAccess.open reads whether it has been).
import type { QuizResult, QuizSubmitRequest } from '@app/contract';
import { gradeQuiz } from '@app/domain';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/app-error';
import type { CatalogueCache, QuizKey } from '../catalogue/catalogue-cache';
import type { LessonAccess, OpenLesson, StoredResultRow } from './lesson-access';
import type { QuizPresentation } from './quiz-presentation';

export const QUIZ_ALREADY_SUBMITTED = 'Quiz already submitted';
export const NOT_A_QUIZ = 'This lesson is not a quiz';
export const ANSWER_EVERY_QUESTION = 'Every question must be answered exactly once with one of its answers';

export class QuizService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      access: LessonAccess;
      catalogue: CatalogueCache;
      presentation: QuizPresentation;
    },
  ) {}

  /** Questions with correctness, from the catalogue cache: server-side only. */
  questions(lessonId: number): Promise<QuizKey> {
    return this.deps.catalogue.quiz(lessonId);
  }

  /** The stored result, in stored ids: for the server's own use, never sent as it is. */
  async storedResult(userId: number, lessonId: number): Promise<QuizResult | null> {
    const row = await this.deps.db
      .selectFrom('quiz_results')
      .select(['score', 'correct_count', 'total', 'answers_json'])
      .where('user_id', '=', userId)
      .where('lesson_id', '=', lessonId)
      .executeTakeFirst();
    return row ? toQuizResult(row) : null;
  }

  /**
   * The quiz as the student sees it: their order and ids; correctness only once a result is stored.
   * `opened` is what LessonAccess.open read: the stored result and whether the attempt has started.
   */
  async content(tenant: Tenant, userId: number, opened: OpenLesson) {
    const { presentation } = this.deps;
    const lessonId = opened.lesson.id;
    const questions = await this.questions(lessonId);
    const result = opened.stored && toQuizResult(opened.stored);
    if (!result && !opened.attemptStarted) await this.recordStart(tenant, userId, lessonId);
    const student = presentation.of(tenant.id, userId, lessonId, questions);
    return {
      questions: student.questions.map((question) => ({
        id: question.id,
        text: question.text,
        answers: question.answers.map((answer) => {
          const id = student.answers.shown(answer.id)!;
          return result ? { id, text: answer.text, isCorrect: answer.isCorrect } : { id, text: answer.text };
        }),
      })),
      result: result && presentation.present(result, student),
    };
  }

  /** Insert-if-absent: the first opening wins, however many arrive together; later ones change nothing. */
  private async recordStart(tenant: Tenant, userId: number, lessonId: number): Promise<void> {
    await this.deps.db
      .insertInto('quiz_attempts')
      .values({
        tenant_id: tenant.id,
        user_id: userId,
        lesson_id: lessonId,
        started_at: this.deps.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async submit(tenant: Tenant, userId: number, input: QuizSubmitRequest): Promise<QuizResult> {
    const { db, clock, access, presentation } = this.deps;
    // One read for the lesson, its grant, the progress that locks it and the stored result; then
    // one insert-if-absent, which also settles a race between two submits.
    const { lesson, stored } = await access.open(tenant, userId, input.lessonId);
    if (lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
    const questions = await this.questions(lesson.id);
    const student = presentation.of(tenant.id, userId, lesson.id, questions);
    if (stored) throw conflict(QUIZ_ALREADY_SUBMITTED, presentation.present(toQuizResult(stored), student));

    // The answer ids sent are this student's: an id shown to anyone else names no answer here.
    const chosen = new Map<number, number>();
    for (const answer of input.answers) {
      const question = questions.find((q) => q.id === answer.questionId);
      const answerId = student.answers.stored(answer.answerId);
      if (
        !question ||
        chosen.has(answer.questionId) ||
        answerId === undefined ||
        !question.answers.some((a) => a.id === answerId)
      ) {
        throw badRequest(ANSWER_EVERY_QUESTION, { answers: ANSWER_EVERY_QUESTION });
      }
      chosen.set(answer.questionId, answerId);
    }
    if (questions.length === 0 || chosen.size !== questions.length)
      throw badRequest(ANSWER_EVERY_QUESTION, { answers: ANSWER_EVERY_QUESTION });

    const graded = gradeQuiz(
      questions.map((q) => ({ id: q.id, correctAnswerId: q.answers.find((a) => a.isCorrect)?.id ?? -1 })),
      [...chosen].map(([questionId, answerId]) => ({ questionId, answerId })),
    );
    const inserted = await db
      .insertInto('quiz_results')
      .values({
        tenant_id: tenant.id,
        user_id: userId,
        lesson_id: lesson.id,
        score: graded.score,
        correct_count: graded.correctCount,
        total: graded.total,
        answers_json: JSON.stringify(graded.review),
        submitted_at: clock.now().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // Only when another submit won meanwhile: its result is the one stored.
      const winner = await this.storedResult(userId, lesson.id);
      throw conflict(QUIZ_ALREADY_SUBMITTED, winner && presentation.present(winner, student));
    }
    return presentation.present(graded, student);
  }
}

/** A stored result row as a result, in stored ids. */
function toQuizResult(row: StoredResultRow): QuizResult {
  return {
    score: row.score,
    correctCount: row.correct_count,
    total: row.total,
    notes: `Correct answers: ${row.correct_count}/${row.total}`,
    review: JSON.parse(row.answers_json) as QuizResult['review'],
  };
}
