// `npm run bench -- --quiz-start --exam`: the weekly exam of issue 20 instead of the plain quiz. The same
// configurations, students (written into the database, no logins), warm-up and report as
// bench/quiz-start.ts; the quiz is a timed exam drawing 10 questions per student from a bank of 60
// (bench/direct-seed.ts `seedExamStart`). Each student opens the lesson (GET contentlesson) at a random
// moment of a 10 s window and at once starts an attempt (POST quizattempt/start: the draw is made and
// stored); then, at random moments of the next 60 s, saves the answer to each of its questions
// (PUT quizattempt/answers, one call per answer, as the question screen does) and submits
// (POST quizresult/submit) right after its last save. Reported per phase: open, start, save, submit.
import type { DirectStudent } from './direct-seed';
import { send, sleepUntil, type Outcome } from './open-loop';
import { answersOf, CLIENT_TIMEOUT_MS, WINDOW_MS, type StartFlow } from './start-flow';
import { TENANT } from './scenarios';

/** The window after the opening in which every student answers and submits. */
const ANSWER_WINDOW_MS = 60_000;

export const EXAM_FLOW_DESCRIPTION =
  `exam start: ${WINDOW_MS / 1000} s to open and start an attempt, ` +
  `${ANSWER_WINDOW_MS / 1000} s to save each answer and submit`;

async function offerExam(baseUrls: string[], lessonId: number, students: DirectStudent[]) {
  const phases: Record<string, Outcome[]> = { open: [], start: [], save: [], submit: [] };
  const begin = performance.now() + 200;
  const headersOf = (student: DirectStudent) => ({
    'X-Tenant-ID': TENANT,
    Authorization: `Bearer ${student.token}`,
    DeviceId: student.deviceId,
  });
  const call = (
    base: string,
    student: DirectStudent,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ) =>
    send(new URL(`${base}${path}`), {
      method,
      headers:
        body === undefined
          ? headersOf(student)
          : { ...headersOf(student), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: CLIENT_TIMEOUT_MS,
    });
  await Promise.all(
    students.map(async (student, i) => {
      const base = baseUrls[i % baseUrls.length]!;
      await sleepUntil(begin + Math.random() * WINDOW_MS);
      const opened = await call(base, student, 'GET', `/api/Student/contentlesson/${lessonId}`);
      phases.open!.push(opened);
      if (opened.status !== 200) return;
      const started = await call(base, student, 'POST', '/api/Student/quizattempt/start', { lessonId });
      phases.start!.push(started);
      const answers = started.status === 200 ? answersOf(started.body) : null;
      if (!answers) return;
      const moments = answers
        .map(() => begin + WINDOW_MS + Math.random() * ANSWER_WINDOW_MS)
        .sort((a, b) => a - b);
      for (const [index, answer] of answers.entries()) {
        await sleepUntil(moments[index]!);
        const saved = await call(base, student, 'PUT', '/api/Student/quizattempt/answers', {
          lessonId,
          answers: [answer],
        });
        phases.save!.push(saved);
      }
      phases.submit!.push(await call(base, student, 'POST', '/api/quizresult/submit', { lessonId, answers }));
    }),
  );
  return phases;
}

export const EXAM_FLOW: StartFlow = {
  title: 'exam start',
  phases: ['open', 'start', 'save', 'submit'],
  offer: offerExam,
};
