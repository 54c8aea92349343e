// A quiz as one student sees it (issue 16): in an order of their own and with answer ids of their own,
// so that a review's correctAnswerId is worth nothing to another account. Both come from a keyed hash
// (a key derived from the server's secret for this purpose only) of the tenant, the student and the
// quiz or answer: stable for that student, unpredictable to anyone without the key. Question ids stay
// the stored ones; stored results keep stored answer ids and are translated when shown.
import { MAX_ID, type QuizResult } from '@app/contract';
import { opaqueIds, quizInStudentOrder, type OpaqueIds } from '@app/domain';
import { LRUCache } from 'lru-cache';
import { hmacHex } from '../../lib/secrets';
import type { QuizKey } from '../catalogue/catalogue-cache';

/** What a review names for a question without a correct answer (the grader's -1): no answer at all. */
const NO_ANSWER = -1;

export type StudentQuiz = {
  /** The questions, and each one's answers, in this student's order (stored ids). */
  questions: QuizKey;
  /** This student's answer ids ↔ the stored ones, for the answers of this quiz only. */
  answers: OpaqueIds;
};

export class QuizPresentation {
  /**
   * The presentations made lately, by tenant, student and lesson, with the quiz they were made of. A
   * presentation costs a keyed hash for every answer (a sixth of the quiz read's CPU in its profile),
   * and a student reads the same quiz, submits it and reads the review with the same one. A hit needs
   * the very quiz object the catalogue cache holds now, so an edited quiz is presented anew.
   */
  private readonly recent = new LRUCache<string, { quiz: QuizKey; student: StudentQuiz }>({ max: 10_000 });

  constructor(private readonly key: Uint8Array) {}

  of(tenantId: number, userId: number, lessonId: number, quiz: QuizKey): StudentQuiz {
    const name = `${tenantId}:${userId}:${lessonId}`;
    const known = this.recent.get(name);
    if (known?.quiz === quiz) return known.student;
    const student = this.make(tenantId, userId, lessonId, quiz);
    this.recent.set(name, { quiz, student });
    return student;
  }

  private make(tenantId: number, userId: number, lessonId: number, quiz: QuizKey): StudentQuiz {
    const seed = this.number(`order:${tenantId}:${userId}:${lessonId}`, 8);
    // 48 bits of the hash folded into 1..MAX_ID: a positive id the contract accepts (idField). Two
    // answers of the quiz can still meet; opaqueIds then derives the set again with the next round.
    const answers = opaqueIds(
      quiz.flatMap((question) => question.answers.map((answer) => answer.id)),
      (answerId, round) =>
        1 + (this.number(`answer:${tenantId}:${userId}:${answerId}:${round}`, 12) % MAX_ID),
    );
    return { questions: quizInStudentOrder(quiz, seed), answers };
  }

  /** A stored result (stored ids) as this student is shown it: their ids, their question order. */
  present(result: QuizResult, student: StudentQuiz): QuizResult {
    const position = new Map(student.questions.map((question, index) => [question.id, index]));
    const at = (questionId: number) => position.get(questionId) ?? position.size;
    const shown = (answerId: number) => student.answers.shown(answerId) ?? NO_ANSWER;
    return {
      ...result,
      review: [...result.review]
        .sort((a, b) => at(a.questionId) - at(b.questionId))
        .map((item) => ({
          ...item,
          chosenAnswerId: shown(item.chosenAnswerId),
          correctAnswerId: shown(item.correctAnswerId),
        })),
    };
  }

  /** The first `hexDigits` hex digits (at most 13: a safe integer) of the keyed hash of `message`. */
  private number(message: string, hexDigits: number): number {
    return Number.parseInt(hmacHex(this.key, message).slice(0, hexDigits), 16);
  }
}
