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

/** What a student's presentation takes keyed hashes to make: their order's seed and answer ids. */
type StudentKeys = {
  /** The quiz's stored answer ids, in the quiz's order, that `answers` was derived for. */
  answerIds: string;
  seed: number;
  answers: OpaqueIds;
};

export class QuizPresentation {
  /**
   * The keys made lately, by tenant, student and lesson. Making them costs a keyed hash for each
   * answer (a sixth of the quiz read's CPU in its profile), and the open, the reloads, the submit and
   * the review all need the same ones. The seed depends on nothing else; the answer ids are kept for
   * the set of answers they were made for, so a quiz whose answers were replaced gets new ones. The
   * order is applied to the quiz as the catalogue holds it now, so an edited text is shown at once.
   */
  private readonly recent = new LRUCache<string, StudentKeys>({ max: 10_000 });

  constructor(private readonly key: Uint8Array) {}

  of(tenantId: number, userId: number, lessonId: number, quiz: QuizKey): StudentQuiz {
    const ids = quiz.flatMap((question) => question.answers.map((answer) => answer.id));
    const name = `${tenantId}:${userId}:${lessonId}`;
    let keys = this.recent.get(name);
    if (keys?.answerIds !== ids.join()) {
      keys = this.keysOf(tenantId, userId, lessonId, ids);
      this.recent.set(name, keys);
    }
    return { questions: quizInStudentOrder(quiz, keys.seed), answers: keys.answers };
  }

  private keysOf(tenantId: number, userId: number, lessonId: number, ids: number[]): StudentKeys {
    const seed = this.number(`order:${tenantId}:${userId}:${lessonId}`, 8);
    // 48 bits of the hash folded into 1..MAX_ID: a positive id the contract accepts (idField). Two
    // answers of the quiz can still meet; opaqueIds then derives the set again with the next round.
    const answers = opaqueIds(
      ids,
      (answerId, round) =>
        1 + (this.number(`answer:${tenantId}:${userId}:${answerId}:${round}`, 12) % MAX_ID),
    );
    return { answerIds: ids.join(), seed, answers };
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
