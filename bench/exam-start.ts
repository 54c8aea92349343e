// `npm run bench -- --quiz-start --exam`: the weekly exam of issue 20 instead of the plain quiz. The same
// configurations, students (written into the database, no logins), warm-up and report as
// bench/quiz-start.ts; the quiz is a timed exam drawing 10 questions per student from a bank of 60
// (bench/direct-seed.ts `seedExamStart`). Each student opens the lesson (GET contentlesson) at a random
// moment of a 10 s window and at once starts an attempt (POST quizattempt/start: the draw is made and
// stored); then, at random moments of the next 60 s, saves the answer to each of its questions
// (PUT quizattempt/answers, one call per answer, as the question screen does) and submits
// (POST quizresult/submit) right after its last save. Reported per phase: open, start, save, submit.
import type { DirectStudent } from './direct-seed';
import type http from 'node:http';
import { PHONE_HEADERS, phoneAgent, send, sleepUntil, type Outcome } from './open-loop';
import { answersOf, CLIENT_TIMEOUT_MS, WINDOW_MS, windowBegin, type StartFlow } from './start-flow';
import { TENANT } from './scenarios';
import { OVERLOAD_MAX_TRIES, overloadWaitSeconds } from '../apps/web/src/lib/overload';

/** The window after the opening in which every student answers and submits. */
const ANSWER_WINDOW_MS = 60_000;
/**
 * With --retry: the tries after the first of a student refused for now (503 with Retry-After), each
 * after the wait the app would take. The web app asks a read again itself; a refused start shows the
 * wait, and the student presses the button again after it, counted here the same.
 */
const APP_RETRIES = OVERLOAD_MAX_TRIES - 1;

export const EXAM_FLOW_DESCRIPTION =
  `exam start: ${WINDOW_MS / 1000} s to open and start an attempt, ` +
  `${ANSWER_WINDOW_MS / 1000} s to save each answer and submit`;

async function offerExam(
  baseUrls: string[],
  lessonId: number,
  students: DirectStudent[],
  retries: number,
  opensAt?: number,
) {
  const phases: Record<string, Outcome[]> = {
    open: [],
    start: [],
    save: [],
    submit: [],
    'open, asked again': [],
    'start, asked again': [],
    ready: [],
  };
  const begin = windowBegin(opensAt);
  const headersOf = (student: DirectStudent) => ({
    ...PHONE_HEADERS,
    'X-Tenant-ID': TENANT,
    Authorization: `Bearer ${student.token}`,
    DeviceId: student.deviceId,
  });
  const call = (
    base: string,
    agent: http.Agent,
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
      agent,
    });
  await Promise.all(
    students.map(async (student, i) => {
      const base = baseUrls[i % baseUrls.length]!;
      const agent = phoneAgent();
      try {
        await studentFlow(base, agent, student);
      } finally {
        agent.destroy();
      }
    }),
  );
  return phases;

  async function studentFlow(base: string, agent: http.Agent, student: DirectStudent) {
    await sleepUntil(begin + Math.random() * WINDOW_MS);
    const firstAsked = performance.now();
    // The first answer counts in its phase; the app's later tries, in the phase's "asked again".
    const asked = async (phase: 'open' | 'start', send: () => Promise<Outcome>) => {
      let outcome = await send();
      phases[phase]!.push(outcome);
      for (let tries = 0; tries < retries && waitSeconds(outcome) !== null; tries += 1) {
        await sleepUntil(performance.now() + waitSeconds(outcome)! * 1000);
        outcome = await send();
        phases[`${phase}, asked again`]!.push(outcome);
      }
      return outcome;
    };
    const opened = await asked('open', () =>
      call(base, agent, student, 'GET', `/api/Student/contentlesson/${lessonId}`),
    );
    const started =
      opened.status === 200
        ? await asked('start', () =>
            call(base, agent, student, 'POST', '/api/Student/quizattempt/start', { lessonId }),
          )
        : opened;
    // Per student: from the first request to the started attempt, or the answer that ended the try.
    phases.ready!.push({ ...started, ms: performance.now() - firstAsked });
    const answers = started.status === 200 ? answersOf(started.body) : null;
    if (!answers) return;
    const moments = answers
      .map(() => begin + WINDOW_MS + Math.random() * ANSWER_WINDOW_MS)
      .sort((a, b) => a - b);
    for (const [index, answer] of answers.entries()) {
      await sleepUntil(moments[index]!);
      const saved = await call(base, agent, student, 'PUT', '/api/Student/quizattempt/answers', {
        lessonId,
        answers: [answer],
      });
      phases.save!.push(saved);
    }
    phases.submit!.push(
      await call(base, agent, student, 'POST', '/api/quizresult/submit', { lessonId, answers }),
    );
  }
}

/** The wait the web app reads from this answer (lib/overload.ts), or null when it would not retry. */
const waitSeconds = (outcome: Outcome) =>
  outcome.status === null
    ? null
    : overloadWaitSeconds(
        new Response(null, {
          status: outcome.status,
          headers: outcome.retryAfter === null ? {} : { 'Retry-After': outcome.retryAfter },
        }),
      );

export const EXAM_FLOW: StartFlow = {
  title: 'exam start',
  phases: ['open', 'start', 'save', 'submit'],
  offer: (baseUrls, lessonId, students, opensAt) => offerExam(baseUrls, lessonId, students, 0, opensAt),
};

/**
 * The same, with the students doing what the web app and its screen lead them to when the opening or
 * the start is refused for now: waiting and asking again (saves and submits are not asked again here:
 * their first answers are the figures). Adds the tries after the first ("asked again") and, per
 * student, the time from opening to a started attempt ("ready": an error there is one never let in).
 */
export const EXAM_FLOW_WITH_RETRIES: StartFlow = {
  title: 'exam start, asking again as the app does',
  phases: ['open', 'start', 'save', 'submit', 'open, asked again', 'start, asked again', 'ready'],
  offer: (baseUrls, lessonId, students, opensAt) =>
    offerExam(baseUrls, lessonId, students, APP_RETRIES, opensAt),
};
