// Quizzes: the questions without their answers' correctness until the one attempt is submitted;
// the server grades (round half up) and stores the result once, even when two submits race.
import type { QuizResult, QuizSubmitRequest } from '@app/contract';
import { gradeQuiz } from '@app/domain';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/app-error';
import type { CatalogueCache, QuizKey } from '../catalogue/catalogue-cache';
import type { LessonAccess } from './lesson-access';

export const QUIZ_ALREADY_SUBMITTED = 'Quiz already submitted';
export const NOT_A_QUIZ = 'This lesson is not a quiz';
export const ANSWER_EVERY_QUESTION = 'Every question must be answered exactly once with one of its answers';

export class QuizService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; access: LessonAccess; catalogue: CatalogueCache },
  ) {}

  /** Questions with correctness, from the catalogue cache: server-side only. */
  questions(lessonId: number): Promise<QuizKey> {
    return this.deps.catalogue.quiz(lessonId);
  }

  async storedResult(userId: number, lessonId: number): Promise<QuizResult | null> {
    const row = await this.deps.db
      .selectFrom('quiz_results')
      .select(['score', 'correct_count', 'total', 'answers_json'])
      .where('user_id', '=', userId)
      .where('lesson_id', '=', lessonId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      score: row.score,
      correctCount: row.correct_count,
      total: row.total,
      notes: `Correct answers: ${row.correct_count}/${row.total}`,
      review: JSON.parse(row.answers_json) as QuizResult['review'],
    };
  }

  /** The quiz as the student sees it: correctness only once a result is stored. */
  async content(userId: number, lessonId: number) {
    const [questions, result] = await Promise.all([
      this.questions(lessonId),
      this.storedResult(userId, lessonId),
    ]);
    return {
      questions: questions.map((question) => ({
        id: question.id,
        text: question.text,
        answers: question.answers.map((answer) =>
          result
            ? { id: answer.id, text: answer.text, isCorrect: answer.isCorrect }
            : { id: answer.id, text: answer.text },
        ),
      })),
      result,
    };
  }

  async submit(tenant: Tenant, userId: number, input: QuizSubmitRequest): Promise<QuizResult> {
    const { db, clock, access } = this.deps;
    const { lesson } = await access.open(tenant, userId, input.lessonId);
    if (lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
    const stored = await this.storedResult(userId, lesson.id);
    if (stored) throw conflict(QUIZ_ALREADY_SUBMITTED, stored);

    const questions = await this.questions(lesson.id);
    const chosen = new Map<number, number>();
    for (const answer of input.answers) {
      const question = questions.find((q) => q.id === answer.questionId);
      if (
        !question ||
        chosen.has(answer.questionId) ||
        !question.answers.some((a) => a.id === answer.answerId)
      ) {
        throw badRequest(ANSWER_EVERY_QUESTION, { answers: ANSWER_EVERY_QUESTION });
      }
      chosen.set(answer.questionId, answer.answerId);
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
    if (!inserted) throw conflict(QUIZ_ALREADY_SUBMITTED, await this.storedResult(userId, lesson.id));
    return graded;
  }
}
