// Answering a quiz the way a student can: each student sees their own answer ids (issue 16), so a test
// reads the quiz as that student sees it and picks answers by their text.
import type { BuiltCourse, QuizFixtureQuestion } from './catalogue-fixture';
import type { Device } from './test-api';

export type SeenAnswer = { id: number; text: string; isCorrect?: boolean };
export type SeenQuestion = { id: number; text: string; answers: SeenAnswer[] };
export type QuizAnswer = { questionId: number; answerId: number };

/** The quiz's questions as this student is sent them (GET contentlesson), in their order and ids. */
export async function seenQuiz(device: Device, lessonId: number): Promise<SeenQuestion[]> {
  const reply = await device.call('GET', `/api/Student/contentlesson/${lessonId}`);
  if (reply.status !== 200) throw new Error(`quiz content failed: ${reply.status} ${reply.text}`);
  return reply.body.data.questions as SeenQuestion[];
}

/** The student's own id of the answer with this text in that question of what they were sent. */
export function seenAnswerId(seen: SeenQuestion[], questionId: number, text: string): number {
  const answer = seen.find((q) => q.id === questionId)?.answers.find((a) => a.text === text);
  if (!answer) throw new Error(`question ${questionId} shows no answer "${text}"`);
  return answer.id;
}

/**
 * One answer per question of the fixture, in the student's ids: for each question the answer `pick`
 * names by its stored id (default: the correct one), found in what the student sees by its text.
 */
export async function studentAnswers(
  device: Device,
  course: BuiltCourse,
  lessonId: number,
  pick: (question: QuizFixtureQuestion, index: number) => number = (q) => q.correctAnswerId,
): Promise<QuizAnswer[]> {
  const seen = await seenQuiz(device, lessonId);
  return course.quizzes.get(lessonId)!.map((question, index) => {
    const text = question.answerTexts[question.answerIds.indexOf(pick(question, index))]!;
    return { questionId: question.questionId, answerId: seenAnswerId(seen, question.questionId, text) };
  });
}

/** A wrong answer of a fixture question (its first one that is not correct). */
export const wrongAnswer = (question: QuizFixtureQuestion) =>
  question.answerIds.find((id) => id !== question.correctAnswerId)!;
