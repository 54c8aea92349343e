// Administration (API.md "Administration"): everything a school needs to run its platform from the
// browser. One schema per body and answer, shared by the server (validation, serialisation) and the
// admin screens (form validation, typed answers), so a rule such as "exactly one correct answer"
// lives here once.
import { z } from 'zod';
import { ALL_GRADES, TERMS } from '@app/domain';
import { PagedMeta, envelope, idField, idParam, pageNumberParam, pageSizeParam } from './common';
import { LessonVideoState } from './video';
import { LessonType } from './catalogue';
import { humanText } from './text';

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────
export const ADMIN_LIMITS = {
  courseName: 200,
  subject: 60,
  description: 5000,
  unitName: 200,
  unitTitle: 300,
  lessonName: 200,
  url: 2000,
  questionText: 2000,
  answerText: 500,
  minAnswers: 2,
  maxAnswers: 6,
  maxQuestions: 100,
  batchLabel: 100,
  maxBatchSize: 5000,
  search: 100,
  /** Largest upload (image or attachment), in bytes. */
  maxUploadBytes: 20 * 1024 * 1024,
  /** Most price in EGP a course may carry. */
  maxPrice: 100_000,
} as const;

const text = (max: number, field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** A name or title people read back (course, unit, lesson, quiz, batch, school): the human text rule. */
export const nameText = (max: number, field: string, options: { multiline?: boolean } = {}) =>
  text(max, field).superRefine(humanText(field, options));

/** An optional name or title (single-line unless told); empty is null. */
export const optionalText = (max: number, field: string, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .superRefine(humanText(field, options))
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** http(s) or a site path (`/media/...`): never `javascript:` or another scheme. */
export const safeUrl = (field: string) =>
  text(ADMIN_LIMITS.url, field).refine((v) => /^https?:\/\/\S+$/i.test(v) || /^\/[^/\s]\S*$/.test(v), {
    error: `${field} must be an http(s) address`,
  });

const optionalUrl = (field: string) =>
  z
    .union([safeUrl(field), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

export const AdminSearchQuery = z.object({
  search: z.string().trim().max(ADMIN_LIMITS.search).optional(),
  pageNumber: pageNumberParam,
  pageSize: pageSizeParam,
});

// ── Who am I ────────────────────────────────────────────────────────────────────────────────────
/** GET /api/Admin/Me: 200 for an admin of this tenant, 403 for anyone else (the app shows not-found). */
export const AdminMe = z.object({ id: z.number().int(), name: z.string(), tenantName: z.string() });
export const AdminMeResponse = envelope(AdminMe);

// ── Teachers (for the course form's select) ─────────────────────────────────────────────────────
export const AdminTeacher = z.object({ id: z.number().int(), name: z.string(), title: z.string() });
export type AdminTeacher = z.infer<typeof AdminTeacher>;
export const AdminTeachersResponse = envelope(z.object({ teachers: z.array(AdminTeacher) }));

// ── Courses ─────────────────────────────────────────────────────────────────────────────────────
export const AdminCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string().nullable(),
  description: z.string(),
  imagePath: z.string().nullable(),
  /** EGP, two decimals. */
  price: z.number(),
  term: z.string(),
  grade: z.string(),
  active: z.boolean(),
  isOpenToAll: z.boolean(),
  teacherId: z.number().int().nullable(),
  unitCount: z.number().int(),
  lessonCount: z.number().int(),
  enrolledCount: z.number().int(),
  modificationDate: z.string(),
});
export type AdminCourse = z.infer<typeof AdminCourse>;

/** GET /api/Admin/Courses: search in name and subject; grade, term and active filter. */
export const AdminCourseQuery = AdminSearchQuery.extend({
  grade: z.enum(ALL_GRADES).optional(),
  term: z.enum(TERMS).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export const AdminCoursePage = PagedMeta.extend({ courses: z.array(AdminCourse) });
export const AdminCoursePageResponse = envelope(AdminCoursePage);

/** POST /api/Admin/Courses and PUT /api/Admin/Courses/{id}. */
export const CourseInput = z.object({
  name: nameText(ADMIN_LIMITS.courseName, 'Course name'),
  subject: optionalText(ADMIN_LIMITS.subject, 'Subject'),
  description: z.string().trim().max(ADMIN_LIMITS.description).default(''),
  price: z
    .number({ error: 'Price must be a number' })
    .min(0, { error: 'Price cannot be negative' })
    .max(ADMIN_LIMITS.maxPrice, { error: `Price must be at most ${ADMIN_LIMITS.maxPrice}` })
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, {
      error: 'Price has at most two decimals',
    }),
  term: z.enum(TERMS, { error: 'Unknown term' }),
  grade: z.enum(ALL_GRADES, { error: 'Unknown grade' }),
  active: z.boolean().default(false),
  isOpenToAll: z.boolean().default(false),
  teacherId: idField.nullable().default(null),
});
export type CourseInput = z.input<typeof CourseInput>;

/** POST /api/Admin/Courses/{id}/Active. Create, edit, activate and the image upload answer AdminCourseResponse. */
export const ActiveInput = z.object({ active: z.boolean({ error: 'active must be true or false' }) });

export const AdminCourseResponse = envelope(AdminCourse);

/**
 * DELETE /api/Admin/Courses/{id}: MessageOnly. 409 while any student is enrolled, has unlocked one of
 * its units or has used one of its codes (deactivate it instead); otherwise its units, lessons,
 * quizzes, unused codes and batches go with it.
 */

// ── Units and lessons ───────────────────────────────────────────────────────────────────────────
export const AdminLessonSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: LessonType,
  position: z.number().int(),
  questionCount: z.number().int(),
});
export const AdminUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  position: z.number().int(),
  lessons: z.array(AdminLessonSummary),
});
export type AdminUnit = z.infer<typeof AdminUnit>;

/** GET /api/Admin/Courses/{id}: the course and its whole tree, in order. */
export const AdminCourseDetail = AdminCourse.extend({ units: z.array(AdminUnit) });
export type AdminCourseDetail = z.infer<typeof AdminCourseDetail>;
export const AdminCourseDetailResponse = envelope(AdminCourseDetail);

/**
 * POST /api/Admin/Courses/{courseId}/Units and PUT /api/Admin/Units/{id}: answer AdminUnitResponse.
 * DELETE /api/Admin/Units/{id}: MessageOnly; 409 while a student has unlocked the unit, used one of its
 * codes or submitted one of its quizzes.
 */
export const UnitInput = z.object({
  name: nameText(ADMIN_LIMITS.unitName, 'Unit name'),
  title: z.string().trim().max(ADMIN_LIMITS.unitTitle).superRefine(humanText('Unit title')).default(''),
});
export type UnitInput = z.input<typeof UnitInput>;
export const AdminUnitResponse = envelope(AdminUnit);

/**
 * PUT /api/Admin/Courses/{id}/UnitOrder and PUT /api/Admin/Units/{id}/LessonOrder: a permutation of
 * exactly the course's units / the unit's lessons (else 400). UnitOrder answers
 * AdminCourseDetailResponse, LessonOrder AdminUnitResponse.
 */
export const OrderInput = z.object({
  ids: z.array(idField).min(1).max(1000, { error: 'Too many items' }),
});

export const AnswerInput = z.object({
  text: nameText(ADMIN_LIMITS.answerText, 'Answer'),
  isCorrect: z.boolean(),
});
export const QuestionInput = z
  .object({
    text: nameText(ADMIN_LIMITS.questionText, 'Question', { multiline: true }),
    answers: z
      .array(AnswerInput)
      .min(ADMIN_LIMITS.minAnswers, { error: `A question needs at least ${ADMIN_LIMITS.minAnswers} answers` })
      .max(ADMIN_LIMITS.maxAnswers, { error: `A question has at most ${ADMIN_LIMITS.maxAnswers} answers` }),
  })
  .refine((q) => q.answers.filter((a) => a.isCorrect).length === 1, {
    error: 'Exactly one answer must be correct',
    path: ['answers'],
  });
export type QuestionInput = z.input<typeof QuestionInput>;

/**
 * POST /api/Admin/Units/{unitId}/Lessons and PUT /api/Admin/Lessons/{id}: answer AdminLessonResponse.
 * PUT may change a quiz's questions or answers only while no student has submitted it (409 otherwise;
 * sending the stored questions unchanged, e.g. to rename, is fine). A Video's attachmentUrl replaces
 * an uploaded attachment; null keeps it. DELETE /api/Admin/Lessons/{id}: MessageOnly; a video with
 * completions may be deleted, a quiz with results may not (409).
 */
export const LessonInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Video'),
    name: nameText(ADMIN_LIMITS.lessonName, 'Lesson name'),
    titel: optionalText(ADMIN_LIMITS.lessonName, 'Title'),
    /** Optional: a lesson may play only its uploaded video (decision 0012), added once it is saved. */
    videoUrl: optionalUrl('Video URL'),
    liveSessionUrl: optionalUrl('Live session URL'),
    attachmentUrl: optionalUrl('Attachment URL'),
    attachmentTitle: optionalText(ADMIN_LIMITS.lessonName, 'Attachment title'),
  }),
  z.object({
    type: z.literal('Quiz'),
    name: nameText(ADMIN_LIMITS.lessonName, 'Lesson name'),
    titel: optionalText(ADMIN_LIMITS.lessonName, 'Title'),
    questions: z
      .array(QuestionInput)
      .min(1, { error: 'A quiz needs at least one question' })
      .max(ADMIN_LIMITS.maxQuestions, { error: `A quiz has at most ${ADMIN_LIMITS.maxQuestions} questions` }),
  }),
]);
export type LessonInput = z.input<typeof LessonInput>;

export const AdminAnswer = z.object({ id: z.number().int(), text: z.string(), isCorrect: z.boolean() });
export const AdminQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  answers: z.array(AdminAnswer),
});

/** GET /api/Admin/Lessons/{id}: everything the lesson form edits (answers with isCorrect). */
export const AdminLesson = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  courseId: z.number().int(),
  name: z.string(),
  titel: z.string().nullable(),
  type: LessonType,
  position: z.number().int(),
  videoUrl: z.string().nullable(),
  liveSessionUrl: z.string().nullable(),
  attachmentUrl: z.string().nullable(),
  attachmentTitle: z.string().nullable(),
  /** Name of an uploaded attachment (served to students through signed links). */
  attachmentFile: z.string().nullable(),
  questions: z.array(AdminQuestion),
  /** The uploaded video it plays and the newest upload's job (decision 0012). */
  video: LessonVideoState,
});
export type AdminLesson = z.infer<typeof AdminLesson>;
export const AdminLessonResponse = envelope(AdminLesson);

// Uploads: POST /api/Admin/Courses/{id}/Image and POST /api/Admin/Lessons/{id}/Attachment take
// multipart/form-data with one `file` part (≤ maxUploadBytes); images png/jpeg/webp, attachments
// pdf/doc(x)/ppt(x)/xls(x)/zip/png/jpeg, recognised by their bytes (name and Content-Type are not
// trusted). They answer the updated course or lesson. An uploaded course image is public, at the
// imagePath answered (`/api/files/images/<name>`); an uploaded attachment is named in attachmentFile
// and reaches students only through signed links.

// ── Codes ───────────────────────────────────────────────────────────────────────────────────────
export const CodeKind = z.enum(['enrollment', 'unit']);
export type CodeKind = z.infer<typeof CodeKind>;

/** POST /api/Admin/CodeBatches: N single-use codes in one transaction. */
export const CodeBatchInput = z
  .object({
    kind: CodeKind,
    courseId: idField.optional(),
    unitId: idField.optional(),
    count: z
      .number({ error: 'count must be a number' })
      .int({ error: 'count must be a whole number' })
      .min(1, { error: 'count must be at least 1' })
      .max(ADMIN_LIMITS.maxBatchSize, { error: `count must be at most ${ADMIN_LIMITS.maxBatchSize}` }),
    label: nameText(ADMIN_LIMITS.batchLabel, 'Label'),
  })
  .refine((b) => (b.kind === 'enrollment' ? b.courseId !== undefined : b.unitId !== undefined), {
    error: 'An enrolment batch needs courseId; a unit batch needs unitId',
    path: ['kind'],
  });
export type CodeBatchInput = z.input<typeof CodeBatchInput>;

export const CodeBatch = z.object({
  id: z.number().int(),
  kind: CodeKind,
  label: z.string(),
  courseId: z.number().int(),
  courseName: z.string(),
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  count: z.number().int(),
  usedCount: z.number().int(),
  disabledCount: z.number().int(),
  createdAt: z.string(),
  /** The admin's name, or 'operator' for a batch made by the operator tool (`npm run admin -- codes`). */
  createdBy: z.string(),
});
export type CodeBatch = z.infer<typeof CodeBatch>;

/** The answer to a generation: the batch and its codes (formatted as students type them). */
export const CreatedCodeBatchResponse = envelope(CodeBatch.extend({ codes: z.array(z.string()) }));
export const CodeBatchPage = PagedMeta.extend({ batches: z.array(CodeBatch) });
export const CodeBatchPageResponse = envelope(CodeBatchPage);
export const CodeBatchQuery = AdminSearchQuery.extend({
  kind: CodeKind.optional(),
  courseId: idParam.optional(),
});

export const CodeStatus = z.enum(['unused', 'used', 'disabled']);
export const AdminStudentRef = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export const AdminCode = z.object({
  id: z.number().int(),
  code: z.string(),
  status: CodeStatus,
  usedBy: AdminStudentRef.nullable(),
  usedAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export type AdminCode = z.infer<typeof AdminCode>;

/** GET /api/Admin/CodeBatches/{id}/Codes?status=&search= (search matches the code or the student). */
export const CodeListQuery = AdminSearchQuery.extend({ status: CodeStatus.optional() });
export const CodePage = PagedMeta.extend({ batch: CodeBatch, codes: z.array(AdminCode) });
export const CodePageResponse = envelope(CodePage);

/** GET /api/Admin/CodeBatches/{id}/Print: the batch's usable codes for the printable A4 sheet. */
export const PrintableBatchResponse = envelope(
  z.object({ batch: CodeBatch, courseName: z.string(), codes: z.array(z.string()) }),
);

// GET /api/Admin/CodeBatches/{id}/Export: text/csv (UTF-8 with BOM so Excel reads Arabic), one row
// per code: code,status,student name,student email,student phone,used at,disabled at.

/** POST /api/Admin/CodeBatches/{id}/Disable: the listed unused codes, or every unused one when omitted. */
export const DisableCodesInput = z.object({
  codeIds: z.array(idField).max(ADMIN_LIMITS.maxBatchSize).optional(),
});
export const DisabledCodesResponse = envelope(z.object({ disabled: z.number().int() }));

// ── Students ────────────────────────────────────────────────────────────────────────────────────
export const AdminStudent = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  parentPhone: z.string(),
  academicYear: z.string(),
  createdAt: z.string(),
  activeSessions: z.number().int(),
});
export type AdminStudent = z.infer<typeof AdminStudent>;
export const AdminStudentPage = PagedMeta.extend({ students: z.array(AdminStudent) });
export const AdminStudentPageResponse = envelope(AdminStudentPage);

export const AdminStudentDetail = z.object({
  student: AdminStudent,
  enrollments: z.array(
    z.object({
      courseId: z.number().int(),
      courseName: z.string(),
      enrolledAt: z.string(),
      source: z.enum(['code', 'free', 'admin']),
      completedLessons: z.number().int(),
      totalLessons: z.number().int(),
      percent: z.number().int(),
    }),
  ),
  unitUnlocks: z.array(
    z.object({
      unitId: z.number().int(),
      unitName: z.string(),
      courseName: z.string(),
      unlockedAt: z.string(),
    }),
  ),
  quizResults: z.array(
    z.object({
      lessonId: z.number().int(),
      lessonName: z.string(),
      courseName: z.string(),
      score: z.number(),
      correctCount: z.number().int(),
      total: z.number().int(),
      submittedAt: z.string(),
    }),
  ),
  sessions: z.array(z.object({ deviceId: z.string(), createdAt: z.string(), refreshedAt: z.string() })),
});
export type AdminStudentDetail = z.infer<typeof AdminStudentDetail>;
export const AdminStudentDetailResponse = envelope(AdminStudentDetail);

/** DELETE /api/Admin/Students/{id}/Sessions: the student's next request is a 401. */
export const EndedSessionsResponse = envelope(z.object({ ended: z.number().int() }));

/**
 * POST /api/Admin/Students/{id}/Enrollments: manual enrolment (source 'admin'); 409 when enrolled.
 * Answers AdminStudentDetailResponse.
 */
export const ManualEnrollmentInput = z.object({ courseId: idField });

// ── Quiz results ────────────────────────────────────────────────────────────────────────────────
/** GET /api/Admin/Courses/{id}/QuizSummary: per quiz of the course, attempts and average score. */
export const QuizSummary = z.object({
  lessonId: z.number().int(),
  lessonName: z.string(),
  unitName: z.string(),
  attempts: z.number().int(),
  averageScore: z.number().nullable(),
});
export const QuizSummaryResponse = envelope(
  z.object({ courseId: z.number().int(), courseName: z.string(), quizzes: z.array(QuizSummary) }),
);

/**
 * GET /api/Admin/QuizResults?courseId=&lessonId= (one of them required); Export gives the CSV
 * (UTF-8 with BOM): student name,student email,student phone,course,lesson,score,correct answers,
 * questions,submitted at,started at,duration seconds,graded by (server, or student app for a result an
 * existing client graded). averageScore is over every result matching the
 * filters, not just the page. startedAt is when the student first opened the quiz; it and
 * durationSeconds (submittedAt − startedAt) are null for results from before starts were recorded.
 */
export const QuizResultQuery = AdminSearchQuery.extend({
  courseId: idParam.optional(),
  lessonId: idParam.optional(),
});
export const AdminQuizResult = z.object({
  id: z.number().int(),
  student: AdminStudentRef,
  lessonId: z.number().int(),
  lessonName: z.string(),
  courseName: z.string(),
  score: z.number(),
  correctCount: z.number().int(),
  total: z.number().int(),
  submittedAt: z.string(),
  startedAt: z.string().nullable(),
  durationSeconds: z.number().int().nonnegative().nullable(),
  /** Graded by an existing client, which sent the score (tenant setting "existing clients grade
   * quizzes"): the server never saw the answers. */
  clientGraded: z.boolean(),
});
export const AdminQuizResultPage = PagedMeta.extend({
  results: z.array(AdminQuizResult),
  averageScore: z.number().nullable(),
});
export const AdminQuizResultPageResponse = envelope(AdminQuizResultPage);

export const MAX_TRUSTED_NETWORKS = 50;

// ── Site ────────────────────────────────────────────────────────────────────────────────────────
/** GET and PUT /api/Admin/Site: the school's name and contact links (the footer's Contact/getAll). */
export const SiteSettings = z.object({
  name: nameText(200, 'School name'),
  whatsappNumber: optionalText(30, 'WhatsApp number').refine(
    (v) => v === null || /^\+?[0-9 ]{6,20}$/.test(v),
    {
      error: 'WhatsApp number must be digits',
    },
  ),
  facebookPage: optionalUrl('Facebook page'),
  youtubeChannel: optionalUrl('YouTube channel'),
  tiktokChannel: optionalUrl('TikTok channel'),
  /**
   * The school's own addresses (IPv4/IPv6 addresses or CIDR ranges): a centre that registers and signs
   * in a class from one NAT address gets raised per-address limits there. Left out: unchanged.
   */
  trustedNetworks: z
    .array(
      z
        .string()
        .trim()
        .pipe(
          z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
            error: 'Trusted networks must be IP addresses or CIDR ranges such as 196.1.2.0/24',
          }),
        ),
    )
    .max(MAX_TRUSTED_NETWORKS, { error: `At most ${MAX_TRUSTED_NETWORKS} trusted networks` })
    .optional(),
});
export type SiteSettings = z.input<typeof SiteSettings>;
export const SiteSettingsResponse = envelope(
  z.object({
    name: z.string(),
    whatsappNumber: z.string().nullable(),
    facebookPage: z.string().nullable(),
    youtubeChannel: z.string().nullable(),
    tiktokChannel: z.string().nullable(),
    trustedNetworks: z.array(z.string()),
    /** Existing clients grade quizzes (off by default): set with PUT /api/Admin/Site/QuizGrading. */
    clientGradedQuizzes: z.boolean(),
  }),
);

/**
 * PUT /api/Admin/Site/QuizGrading: whether existing clients (any caller without our web app's
 * header) are sent quizzes with their answers and grade them (true), or the server grades (false).
 */
export const QuizGradingSettings = z.strictObject({
  clientGradedQuizzes: z.boolean({ error: 'clientGradedQuizzes must be true or false' }),
});
export type QuizGradingSettings = z.infer<typeof QuizGradingSettings>;

// ── Audit log ───────────────────────────────────────────────────────────────────────────────────
/**
 * Every action an audit entry can name: the server records only these (its AuditRecord is typed by
 * them) and the admin's log names each in Arabic (a label missing is a compile error there).
 */
export const AUDIT_ACTIONS = [
  'course.create',
  'course.update',
  'course.delete',
  'course.activate',
  'course.deactivate',
  'course.image',
  'unit.create',
  'unit.update',
  'unit.delete',
  'unit.reorder',
  'lesson.create',
  'lesson.update',
  'lesson.delete',
  'lesson.reorder',
  'lesson.attachment',
  'lesson.captions',
  'lesson.captions.delete',
  'lesson.video.remove',
  'video.retry',
  'video.cancel',
  'book.create',
  'book.update',
  'book.delete',
  'book.activate',
  'book.deactivate',
  'book.image',
  'codes.generate',
  'codes.disable',
  'student.sessions.end',
  'student.enrol',
  'site.update',
  'site.quiz-grading',
  'question.create',
  'question.update',
  'question.delete',
  'question.image',
  'question.image.delete',
  'questions.import',
  'quiz.settings.update',
  'quiz.settings.delete',
  'quiz.retake.grant',
  'quiz.retake.withdraw',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What an audit entry's `targetId` is the id of. */
export const AUDIT_TARGET_TYPES = [
  'course',
  'unit',
  'lesson',
  'video',
  'book',
  'code_batch',
  'student',
  'site',
  'question',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  /** Dotted verb, one of AUDIT_ACTIONS (a string here: entries outlive the verbs of their day). */
  action: z.string(),
  /** One of AUDIT_TARGET_TYPES. */
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
/**
 * GET /api/Admin/AuditLog?search=&actions=&pageNumber= (newest first). An entry matches when `search`
 * is in its action, summary or actor's name, or when its action is one of `actions` (comma-separated
 * AUDIT_ACTIONS): the admin's screen sends those whose Arabic name holds the search, since the entries
 * store the English ids. Unknown names match nothing.
 */
export const AuditQuery = AdminSearchQuery.extend({
  actions: z
    .string()
    // Every action at once is the longest list the screen sends (a one-letter search).
    .max(AUDIT_ACTIONS.join(',').length)
    .regex(/^[a-z.,-]*$/, { error: 'actions must be action names separated by commas' })
    .optional(),
});
export const AuditPage = PagedMeta.extend({ entries: z.array(AuditEntry) });
export const AuditPageResponse = envelope(AuditPage);
