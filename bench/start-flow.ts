// What the synchronised starts share (bench/quiz-start.ts runs them, bench/exam-start.ts is the exam's
// flow): the windows, the client's patience, and reading the questions a student was sent.
import type { DirectStudent } from './direct-seed';
import type { Outcome } from './open-loop';

/** The window in which every student opens the lesson. */
export const WINDOW_MS = 10_000;
/** After this a client gives up and closes its socket, as a phone whose user left would. */
export const CLIENT_TIMEOUT_MS = 10_000;

/** What the students do in the window: the plain quiz (open, submit) or the exam (bench/exam-start.ts). */
export type StartFlow = {
  title: string;
  phases: readonly string[];
  /** `opensAt` (epoch ms): the window opens then (an announced exam), otherwise at once. */
  offer(
    baseUrls: string[],
    lessonId: number,
    students: DirectStudent[],
    opensAt?: number,
  ): Promise<Record<string, Outcome[]>>;
};

/** The moment (performance.now()) the window opens: `opensAt` (epoch ms) when given, or in 200 ms. */
export const windowBegin = (opensAt?: number) =>
  performance.now() + Math.max(200, opensAt === undefined ? 0 : opensAt - Date.now());

/** The first shown answer to every question of the quiz as this student received it. */
export function answersOf(body: string): { questionId: number; answerId: number }[] | null {
  try {
    const data = (JSON.parse(body) as { data?: { questions?: { id: number; answers: { id: number }[] }[] } })
      .data;
    const questions = data?.questions ?? [];
    if (questions.length === 0) return null;
    return questions.map((question) => ({ questionId: question.id, answerId: question.answers[0]!.id }));
  } catch {
    return null;
  }
}
