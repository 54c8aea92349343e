// Exams (issue 20, decision 0013): settings that make a quiz an exam, the attempts a student makes at
// one, and what the teacher sees of them. A quiz without settings keeps the plain quiz of learning.ts
// (its `exam` is absent), so existing clients see nothing new.
import { z } from 'zod';
import { envelope, idField, idParam } from './common';
import { QuizContent, QuizResult } from './learning';
import { Difficulty, TopicField } from './question-bank';

export const EXAM_LIMITS = {
  maxTimeLimitMinutes: 600,
  maxAttempts: 20,
  maxDrawRules: 20,
  maxDrawCount: 100,
} as const;

export const ExamSource = z.enum(['fixed', 'bank']);
export const ExamCounts = z.enum(['best', 'last']);
export const ExamReview = z.enum(['immediate', 'after-deadline', 'never']);
export type ExamReview = z.infer<typeof ExamReview>;

/** N questions drawn from the bank's questions with this topic and difficulty (null: any). */
export const DrawRule = z.object({
  topic: TopicField.nullable(),
  difficulty: Difficulty.nullable(),
  count: z
    .number({ error: 'count must be a number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be at least 1' })
    .max(EXAM_LIMITS.maxDrawCount, { error: `count must be at most ${EXAM_LIMITS.maxDrawCount}` }),
});
export type DrawRule = z.infer<typeof DrawRule>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO-8601)' });

/** PUT /api/Admin/Lessons/{id}/QuizSettings (a Quiz lesson of the tenant; answers QuizSettings). */
export const QuizSettingsInput = z
  .object({
    source: ExamSource,
    draw: z.array(DrawRule).max(EXAM_LIMITS.maxDrawRules).default([]),
    timeLimitMinutes: z
      .number()
      .int()
      .min(1, { error: 'The time limit must be at least 1 minute' })
      .max(EXAM_LIMITS.maxTimeLimitMinutes, {
        error: `The time limit must be at most ${EXAM_LIMITS.maxTimeLimitMinutes} minutes`,
      })
      .nullable(),
    passMark: z
      .number()
      .int()
      .min(0, { error: 'The pass mark must be from 0 to 100' })
      .max(100, { error: 'The pass mark must be from 0 to 100' })
      .nullable(),
    attemptsAllowed: z
      .number()
      .int()
      .min(1, { error: 'At least one attempt' })
      .max(EXAM_LIMITS.maxAttempts, { error: `At most ${EXAM_LIMITS.maxAttempts} attempts` }),
    counts: ExamCounts,
    review: ExamReview,
    showExplanations: z.boolean(),
    opensAt: isoDateTime.nullable(),
    closesAt: isoDateTime.nullable(),
  })
  .refine((s) => s.source === 'fixed' || s.draw.length > 0, {
    error: 'A quiz drawn from the bank needs at least one draw rule',
    path: ['draw'],
  })
  .refine((s) => !s.opensAt || !s.closesAt || Date.parse(s.closesAt) > Date.parse(s.opensAt), {
    error: 'The closing time must be after the opening time',
    path: ['closesAt'],
  });
export type QuizSettingsInput = z.input<typeof QuizSettingsInput>;

/** GET|PUT /api/Admin/Lessons/{id}/QuizSettings: `exam` false (and defaults) while the quiz is plain. */
export const QuizSettings = z.object({
  lessonId: z.number().int(),
  exam: z.boolean(),
  source: ExamSource,
  /** Each rule with how many bank questions match it now (`available`). */
  draw: z.array(DrawRule.extend({ available: z.number().int() })),
  timeLimitMinutes: z.number().int().nullable(),
  passMark: z.number().int().nullable(),
  attemptsAllowed: z.number().int(),
  counts: ExamCounts,
  review: ExamReview,
  showExplanations: z.boolean(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Attempts students have started: while any exists, DELETE (back to a plain quiz) is 409. */
  attemptCount: z.number().int(),
  /** Students whose result is from before the quiz became an exam: each has used attempt 1 (0013). */
  submittedBefore: z.number().int(),
});
export type QuizSettings = z.infer<typeof QuizSettings>;
/** What a quiz without settings is, and GET answers with `exam: false`: one untimed attempt at its own
 * questions, no pass mark, the review at once, no opening or closing time. */
export const PLAIN_QUIZ_SETTINGS: Readonly<
  Omit<QuizSettings, 'lessonId' | 'exam' | 'attemptCount' | 'submittedBefore'>
> = {
  source: 'fixed',
  draw: [],
  timeLimitMinutes: null,
  passMark: null,
  attemptsAllowed: 1,
  counts: 'best',
  review: 'immediate',
  showExplanations: false,
  opensAt: null,
  closesAt: null,
};
export const QuizSettingsResponse = envelope(QuizSettings);

// ── The student's side ─────────────────────────────────────────────────────────────────────────────
export const ExamAttempt = z.object({
  number: z.number().int(),
  startedAt: z.string(),
  /** When the server closes the attempt; null when untimed. */
  deadlineAt: z.string().nullable(),
  /** What has been saved so far, in this student's ids. */
  answers: z.array(z.object({ questionId: z.number().int(), answerId: z.number().int() })),
});
export type ExamAttempt = z.infer<typeof ExamAttempt>;

/** An exam's result: the QuizResult, whether it passed, and explanations where the settings show them. */
export const ExamResult = QuizResult.extend({
  passed: z.boolean().optional(),
  attemptNumber: z.number().int().optional(),
  submittedBy: z.enum(['student', 'server']).optional(),
  review: z.array(QuizResult.shape.review.element.extend({ explanation: z.string().nullable().optional() })),
});
export type ExamResult = z.infer<typeof ExamResult>;

/** `exam` of an exam's QuizContent: what the readiness, question and result screens show. */
export const QuizExam = z.object({
  timeLimitMinutes: z.number().int().nullable(),
  passMark: z.number().int().nullable(),
  attemptsAllowed: z.number().int(),
  attemptsUsed: z.number().int(),
  counts: ExamCounts,
  review: ExamReview,
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Questions an attempt holds (the draw's size, or the fixed list's). */
  questionCount: z.number().int(),
  /** The open attempt, or null. */
  attempt: ExamAttempt.nullable(),
  /** Whether POST quizattempt/start would start a new attempt now. */
  canStart: z.boolean(),
  /**
   * When the counted result's review, held back until the deadline, shows; null when it shows now or
   * never, or when the counted result is a quiz taken before it became an exam (it has none).
   */
  reviewAt: z.string().nullable(),
  /**
   * The latest submitted attempt when the counted result is another one (best counts, and it scored
   * lower): what the student last scored, beside the result that counts. Its review is never
   * included (the counted result's is the one shown). Null otherwise.
   */
  latest: ExamResult.nullable(),
  /** The server's clock when answering: timers count from it, not from the phone's clock. */
  serverNow: z.string(),
});
export type QuizExam = z.infer<typeof QuizExam>;

/**
 * An exam review's `chosenAnswerId` for a question left unanswered (an attempt the server closed at its
 * deadline): no answer, since an exam's answer ids are positions from 1.
 */
export const UNANSWERED_ANSWER_ID = 0;

/** A question of an exam may carry an image; a reviewed one, its explanation. */
export const ExamQuizContent = QuizContent.extend({
  questions: z.array(
    QuizContent.shape.questions.element.extend({
      imageUrl: z.string().nullable().optional(),
      explanation: z.string().nullable().optional(),
    }),
  ),
  /** The counted result, with whether it passed and who submitted it (absent fields: a plain quiz's). */
  result: ExamResult.nullable(),
  exam: QuizExam.optional(),
});
export type ExamQuizContent = z.infer<typeof ExamQuizContent>;
export const ExamQuizContentResponse = envelope(ExamQuizContent);

/** POST /api/Student/quizattempt/start: answers ExamQuizContentResponse. */
export const StartAttemptRequest = z.strictObject({ lessonId: idField });

/** PUT /api/Student/quizattempt/answers: merged into the open attempt's saved answers. */
export const SaveAnswersRequest = z.strictObject({
  lessonId: idField,
  answers: z
    .array(z.strictObject({ questionId: idField, answerId: idField }))
    .min(1)
    .max(200),
});
export const SavedAnswers = z.object({
  saved: z.number().int(),
  deadlineAt: z.string().nullable(),
  serverNow: z.string(),
});
export const SavedAnswersResponse = envelope(SavedAnswers);

/** 403 `data.reason` when an attempt may not start. */
export const ExamRefusal = z.object({ reason: z.enum(['exam-not-open', 'exam-closed', 'no-attempts-left']) });
export type ExamRefusal = z.infer<typeof ExamRefusal>;
/**
 * The 409 of a start the bank cannot serve (`data`): too few questions left for the draw's rules, which
 * only the teacher can mend, or answer edits racing the draw three times, which passes in a moment.
 */
export const ExamStartConflict = z.object({ reason: z.enum(['bank-too-small', 'bank-changing']) });
export type ExamStartConflict = z.infer<typeof ExamStartConflict>;

export const ATTEMPT_TIME_OVER = 'The time for this attempt is over';
export const NO_OPEN_ATTEMPT = 'No attempt is in progress';

// ── The teacher's statistics ───────────────────────────────────────────────────────────────────────
/** GET /api/Admin/Lessons/{id}/QuizStatistics (CSV: …/QuizStatistics/Export). */
/** A student as the statistics name one: to call. */
const StatisticsStudent = z.object({ id: z.number().int(), name: z.string(), phoneNumber: z.string() });

export const QuizStatistics = z.object({
  lessonId: z.number().int(),
  lessonName: z.string(),
  /** Counted results per score band: 0–9, 10–19, … 90–100 (eleven bands would split 100 off). */
  distribution: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  submitted: z.number().int(),
  averageScore: z.number().nullable(),
  passedCount: z.number().int().nullable(),
  questions: z.array(
    z.object({
      questionId: z.number().int(),
      /**
       * Which list `questionId` is of: the lesson's own questions (`fixed`) or the course's bank. Their
       * ids are apart, and one id can be in both: a quiz taken before it drew from the bank lists both.
       */
      source: ExamSource,
      text: z.string(),
      /** Closed attempts that held it. */
      answered: z.number().int(),
      /** Share of those answered correctly, 0–100 rounded; null when none. */
      correctPercent: z.number().int().nullable(),
      mostChosenWrong: z.object({ text: z.string(), count: z.number().int() }).nullable(),
    }),
  ),
  /** Students enrolled in the course (or holding the unit) who have not started an attempt. */
  notAttempted: z.array(StatisticsStudent),
  /**
   * Students whose counted result is below the pass mark and who may start no attempt (none left, or
   * the exam closed): the unit's later lessons stay locked for them until the teacher allows more
   * attempts (or a later closing time). By score, then name. Empty without a pass mark. `reason`
   * (stop 34) says which: only `no-attempts-left` can be lifted for one student (…/Retake below).
   */
  lockedOut: z.array(
    StatisticsStudent.extend({ score: z.number(), reason: z.enum(['no-attempts-left', 'exam-closed']) }),
  ),
  /**
   * Students below the pass mark who would be locked out but for a retake the teacher gave them
   * (…/Retake below), and who have not started it yet: whom to remind, or whose retake to take back.
   * By score, then name. Empty without a pass mark.
   */
  retakePending: z.array(StatisticsStudent.extend({ score: z.number() })),
});
export type QuizStatistics = z.infer<typeof QuizStatistics>;
export const QuizStatisticsResponse = envelope(QuizStatistics);

/**
 * PUT /api/Admin/Lessons/{id}/Students/{userId}/Retake (no body): lets this one student start one
 * attempt more than they have used, on top of the exam's attempts allowed. Asked twice before that
 * attempt starts, it still gives one. 404 when the student has no result in this quiz (another
 * tenant's, never took it); 409 with `data.reason` `exam-closed` (only a later closing time helps) or
 * `attempt-open` (they are taking one now).
 */
export const RetakeParams = z.object({ id: idParam, userId: idParam });
export const RetakeGrant = z.object({
  userId: z.number().int(),
  /** This student's attempts allowed now: the exam's plus those granted to them. */
  attemptsAllowed: z.number().int(),
  attemptsUsed: z.number().int(),
});
export type RetakeGrant = z.infer<typeof RetakeGrant>;
export const RetakeGrantResponse = envelope(RetakeGrant);
/**
 * DELETE /api/Admin/Lessons/{id}/Students/{userId}/Retake (no body): takes back the attempts this
 * student was granted and has not started (a teacher's mis-tap, undone), keeping those they used.
 * `withdrawn` is how many were taken back: 0 when the retake was already taken, and nothing is written.
 * 404 as for the grant; 409 `attempt-open` while they are taking the retake.
 */
export const RetakeWithdrawal = RetakeGrant.extend({ withdrawn: z.number().int() });
export type RetakeWithdrawal = z.infer<typeof RetakeWithdrawal>;
export const RetakeWithdrawalResponse = envelope(RetakeWithdrawal);
export const RetakeRefusal = z.object({ reason: z.enum(['exam-closed', 'attempt-open']) });
export type RetakeRefusal = z.infer<typeof RetakeRefusal>;
