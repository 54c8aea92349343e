// Quizzes: the questions without their answers' correctness until the one attempt is submitted;
// the server grades (round half up) and stores the result once, even when two submits race. Each
// student sees the quiz in their own order and answer ids (quiz-presentation.ts); what is stored uses
// the stored ids. The first opening of an unsubmitted quiz records when the attempt started (once:
// LessonAccess.open reads whether it has been). Where the tenant lets existing clients grade quizzes,
// such a client is sent every answer's correctness and its own score is stored, marked client-graded.
// A quiz with exam settings (decision 0013) is handed to modules/exams: stored attempts, always graded
// by the server.
import type { ClientGradedQuiz, ClientGradedQuizSubmit, QuizResult, QuizSubmitRequest } from '@app/contract';
import { clientReportedGrade, gradeQuiz, type QuizGrade } from '@app/domain';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/app-error';
import type { CatalogueCache, QuizKey } from '../catalogue/catalogue-cache';
import type { ExamAttemptService } from '../exams/attempt-service';
import { passedBy } from '../exams/pass-verdict';
import type { LessonAccess, OpenLesson, StoredResultRow } from './lesson-access';
import type { QuizPresentation, StudentQuiz } from './quiz-presentation';

export const QUIZ_ALREADY_SUBMITTED = 'Quiz already submitted';
export const NOT_A_QUIZ = 'This lesson is not a quiz';
export const ANSWER_EVERY_QUESTION = 'Every question must be answered exactly once with one of its answers';
export const NO_QUESTIONS = 'This quiz has no questions';
export const EXAM_SERVER_GRADED = 'This quiz is an exam, which the server grades: open it in the app';

export class QuizService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      access: LessonAccess;
      catalogue: CatalogueCache;
      presentation: QuizPresentation;
      /** Exams (0013): a quiz with exam settings is graded there. */
      exams: ExamAttemptService;
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
    const { presentation, exams } = this.deps;
    const lessonId = opened.lesson.id;
    const exam = await exams.settingsOf(tenant.id, lessonId);
    if (exam) return exams.content(tenant, userId, opened, exam);
    const questions = await this.questions(lessonId);
    const result = opened.stored && toQuizResult(opened.stored);
    await this.start(tenant, userId, opened);
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

  /**
   * The quiz as an existing client reads it (the spec's Lesson details), where such clients grade
   * quizzes: the questions in the stored order, every answer with its correctness.
   */
  async clientContent(tenant: Tenant, userId: number, opened: OpenLesson): Promise<ClientGradedQuiz> {
    await this.refuseExam(tenant, opened.lesson.id);
    const questions = await this.questions(opened.lesson.id);
    await this.start(tenant, userId, opened);
    return questions.map((question) => ({
      text: question.text,
      answers: question.answers.map((answer) => ({ text: answer.text, isCorrect: answer.isCorrect })),
    }));
  }

  /**
   * Records when an unsubmitted attempt started, the first time it is opened. Insert-if-absent: the
   * first opening wins, however many arrive together; later ones change nothing.
   */
  private async start(tenant: Tenant, userId: number, opened: OpenLesson): Promise<void> {
    if (opened.stored || opened.attemptStarted) return;
    const lessonId = opened.lesson.id;
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

  /**
   * The quiz a submission is for, when this student may submit it now. One read for the lesson, its
   * grant, the progress that locks it and the stored result (409 with it); the submission then is one
   * insert-if-absent (store), which also settles a race between two submits.
   */
  private async unsubmitted(tenant: Tenant, userId: number, lessonId: number) {
    const { access, presentation } = this.deps;
    const { lesson, stored } = await access.open(tenant, userId, lessonId);
    if (lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
    const questions = await this.questions(lesson.id);
    const student = presentation.of(tenant.id, userId, lesson.id, questions);
    if (stored) throw conflict(QUIZ_ALREADY_SUBMITTED, presentation.present(toQuizResult(stored), student));
    return { lessonId: lesson.id, questions, student };
  }

  async submit(tenant: Tenant, userId: number, input: QuizSubmitRequest): Promise<QuizResult> {
    const { exams } = this.deps;
    const exam = await exams.settingsOf(tenant.id, input.lessonId);
    if (exam) return exams.submit(tenant, userId, input, exam);
    const { lessonId, questions, student } = await this.unsubmitted(tenant, userId, input.lessonId);

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
    return this.store(tenant, userId, lessonId, student, graded, null);
  }

  /**
   * An existing client's own grading, where the tenant lets such clients grade: its score, stored as
   * client-graded; the same lesson access, one result per student and quiz, and 409 as a graded one.
   */
  async submitClientGraded(
    tenant: Tenant,
    userId: number,
    input: ClientGradedQuizSubmit,
  ): Promise<QuizResult> {
    await this.refuseExam(tenant, input.lessonId);
    const { lessonId, questions, student } = await this.unsubmitted(tenant, userId, input.lessonId);
    if (questions.length === 0) throw badRequest(NO_QUESTIONS);
    const graded = clientReportedGrade(input.score, input.notes, questions.length);
    return this.store(tenant, userId, lessonId, student, graded, input.notes ?? '');
  }

  /** An exam is never graded by a client: its answers are never sent with their correctness. */
  private async refuseExam(tenant: Tenant, lessonId: number): Promise<void> {
    if (await this.deps.exams.settingsOf(tenant.id, lessonId)) throw conflict(EXAM_SERVER_GRADED);
  }

  /**
   * Insert-if-absent: `clientNotes` is null for a result the server graded. `passed` by the lesson's
   * settings as the insert reads them (none for a plain quiz: passed; pass-verdict.ts).
   */
  private async store(
    tenant: Tenant,
    userId: number,
    lessonId: number,
    student: StudentQuiz,
    graded: QuizGrade,
    clientNotes: string | null,
  ): Promise<QuizResult> {
    const { db, clock, presentation } = this.deps;
    const inserted = await db
      .insertInto('quiz_results')
      .values({
        tenant_id: tenant.id,
        user_id: userId,
        lesson_id: lessonId,
        score: graded.score,
        correct_count: graded.correctCount,
        total: graded.total,
        answers_json: JSON.stringify(graded.review),
        submitted_at: clock.now().toISOString(),
        passed: passedBy(lessonId, graded.score),
        ...(clientNotes === null ? {} : { client_graded: 1 as const, client_notes: clientNotes }),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // Only when another submit won meanwhile: its result is the one stored.
      const winner = await this.storedResult(userId, lessonId);
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
