// A student's own learning: enrolments, the course tree with progress, lesson content, completion
// and server-graded quizzes (client-graded ones only for existing clients, behind a tenant setting).
import { z } from 'zod';
import { TimeZoneField, envelope, idField, idParam, pageNumberParam, pageSizeParam } from './common';
import { CourseOutline } from './catalogue';

export const EnrolledCoursesQuery = z.object({
  studentId: idParam,
  pagenumber: pageNumberParam,
  pagesize: pageSizeParam,
});

export const IsEnrolledQuery = z.object({
  studentId: idParam,
  courseId: idParam,
});

export const AddCourseByCodeQuery = z.object({
  Code: z.string().max(64).optional(),
  StudentId: idParam,
  courseId: idParam.optional(),
});
/** The course an enrolment opened (the code decides it), or, with 409 "Already enrolled", the course
 * the student already has: screens name it, since it need not be the page's course. */
export const EnrolledCourseRef = z.object({ courseId: z.number().int(), courseName: z.string() });
export type EnrolledCourseRef = z.infer<typeof EnrolledCourseRef>;
export const AddCourseByCodeResponse = envelope(EnrolledCourseRef);

export const CourseWithProgress = CourseOutline.extend({
  enrollmentDate: z.string().nullable(),
  isOpenToAll: z.boolean(),
  timeZone: TimeZoneField,
});
export type CourseWithProgress = z.infer<typeof CourseWithProgress>;
export const CourseWithProgressResponse = envelope(CourseWithProgress);

export const QuizReviewItem = z.object({
  questionId: z.number().int(),
  chosenAnswerId: z.number().int(),
  correctAnswerId: z.number().int(),
  isCorrect: z.boolean(),
});

export const QuizResult = z.object({
  score: z.number().int(),
  correctCount: z.number().int(),
  total: z.number().int(),
  notes: z.string(),
  review: z.array(QuizReviewItem),
});
export type QuizResult = z.infer<typeof QuizResult>;

/** A lesson's WebVTT captions in one language; `url` is a signed link (decision 0012). */
export const LessonCaption = z.object({
  language: z.string(),
  label: z.string(),
  url: z.string(),
});
export type LessonCaption = z.infer<typeof LessonCaption>;

export const VideoContent = z.object({
  id: z.number().int(),
  lessonName: z.string(),
  type: z.literal('Video'),
  /** The lesson's video; for an uploaded (own) video, its HLS master playlist, as `hlsUrl`. */
  videoUrl: z.string().nullable(),
  /** An uploaded video's HLS master playlist, signed for this session; null for a link video. */
  hlsUrl: z.string().nullable(),
  /** An uploaded video's poster frame, signed; null for a link video. */
  posterUrl: z.string().nullable(),
  captions: z.array(LessonCaption),
  attachmentUrl: z.string().nullable(),
  attachmentTitle: z.string().nullable(),
  /** The lesson's live session, when the school has set one (the player's live-session banner). */
  liveSessionUrl: z.string().nullable(),
  isCompleted: z.boolean(),
});

/** `isCorrect` is present only once the quiz is submitted. */
export const QuizAnswerOption = z.object({
  id: z.number().int(),
  text: z.string(),
  isCorrect: z.boolean().optional(),
});
export const QuizQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  answers: z.array(QuizAnswerOption),
});

export const QuizContent = z.object({
  id: z.number().int(),
  lessonName: z.string(),
  type: z.literal('Quiz'),
  titel: z.string().nullable(),
  questions: z.array(QuizQuestion),
  result: QuizResult.nullable(),
});

export const LessonContent = z.discriminatedUnion('type', [VideoContent, QuizContent]);
export type LessonContent = z.infer<typeof LessonContent>;
export const LessonContentResponse = envelope(LessonContent);

/**
 * The header our own web app sends on every call (API.md, Existing clients). A call with it is always
 * served server-graded quizzes; in a tenant where existing clients grade quizzes, a call without it is
 * served the spec's quiz (ClientGradedQuiz) and may submit ClientGradedQuizSubmit.
 */
export const OWN_CLIENT_HEADER = 'X-Client';
export const OWN_CLIENT = 'madrasa-web';

/** A quiz's content as the spec's clients read it: the questions with every answer's correctness. */
export const ClientGradedQuiz = z.array(
  z.object({
    text: z.string(),
    answers: z.array(z.object({ text: z.string(), isCorrect: z.boolean() })),
  }),
);
export type ClientGradedQuiz = z.infer<typeof ClientGradedQuiz>;
/** GET /api/Student/contentlesson/{id} as served: ours, or a client-graded quiz for an existing client. */
export const ServedLessonContentResponse = envelope(z.union([LessonContent, ClientGradedQuiz]));

const SCORE_RANGE = 'score must be a percentage from 0 to 100';

export const QuizSubmitRequest = z.strictObject({
  lessonId: idField,
  answers: z.array(z.strictObject({ questionId: idField, answerId: idField })).max(200),
  /** Ignored: the server grades. Accepted because the spec's client sends them. */
  score: z.number().optional(),
  notes: z.string().max(500).optional(),
});
export type QuizSubmitRequest = z.infer<typeof QuizSubmitRequest>;

/** A score an existing client graded itself: a percentage and its notes ('Correct answers: x/y'). */
export const ClientGradedQuizSubmit = z.strictObject({
  lessonId: idField,
  score: z
    .number({ error: 'score must be a number' })
    .min(0, { error: SCORE_RANGE })
    .max(100, { error: SCORE_RANGE }),
  notes: z.string().max(500).optional(),
});
export type ClientGradedQuizSubmit = z.infer<typeof ClientGradedQuizSubmit>;
/** What POST /api/quizresult/submit accepts: answers to grade, or (from an existing client, in a
 * tenant where such clients grade quizzes) a ClientGradedQuizSubmit. */
export const QuizSubmitBody = QuizSubmitRequest.extend({
  answers: QuizSubmitRequest.shape.answers.optional(),
});
export const QuizSubmitResponse = envelope(QuizResult);

/**
 * `data` of a refused lesson's 403 (content, completion, quiz submission): why, in a form screens
 * can act on (the message stays the English text API.md lists).
 */
export const LessonRefusal = z.object({
  reason: z.enum(['not-enrolled', 'unit-not-yet-open', 'unit-ended', 'previous-quiz']),
});
export type LessonRefusal = z.infer<typeof LessonRefusal>;
