// Table types for Kysely. The same schema runs on SQLite and PostgreSQL, so column types are the
// common ground: integers for ids and 0/1 flags, ISO-8601 UTC text for instants (sortable as text).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Flag = 0 | 1;

export interface TenantTable {
  id: Generated<number>;
  slug: string;
  name: string;
  time_zone: string;
  require_email_confirmation: Flag;
  whatsapp_number: string | null;
  facebook_page: string | null;
  youtube_channel: string | null;
  tiktok_channel: string | null;
  /** The school's own addresses (CIDRs, comma-separated), whose per-address limits are raised. */
  trusted_networks: string | null;
  /** Existing clients grade quizzes (0011): clients other than our web app get the answers. */
  client_graded_quizzes: Generated<Flag>;
  created_at: string;
}

export interface UserTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** Normalised (trimmed, lower case): unique per tenant. */
  email: string;
  /** Normalised digits: unique per tenant. */
  phone: string;
  parent_phone: string;
  academic_year: string;
  is_online: Flag;
  role: 'student' | 'admin';
  password_hash: string;
  email_confirmed_at: string | null;
  created_at: string;
  updated_at: string;
  /** When the student last signed a device out themselves: once per SELF_SIGN_OUT_DAYS (0007). */
  last_self_signout_at: string | null;
}

export interface DeviceSessionTable {
  /** Random UUID: carried in the access token. */
  id: string;
  tenant_id: number;
  user_id: number;
  device_id: string;
  /** 1..MAX_DEVICES; unique per user, which is what makes the device limit race-free. */
  slot: number;
  refresh_hash: string;
  /** The hash the last rotation replaced: presenting it again is reuse, and ends the session. */
  previous_refresh_hash: string | null;
  created_at: string;
  refreshed_at: string;
  expires_at: string;
  /** The browser's User-Agent at login, trimmed (0007): shown as browser and OS, never an address. */
  user_agent: string | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  tenant_id: number | null;
  to_address: string;
  subject: string;
  body_text: string;
  status: 'logged' | 'pending' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface TeacherTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  title: string;
  photo_url: string | null;
  bio: string | null;
  /** JSON array of strings. */
  credentials_json: string;
  /** JSON array of strings. */
  methods_json: string;
  created_at: string;
}

export interface CourseTable {
  id: Generated<number>;
  tenant_id: number;
  teacher_id: number | null;
  name: string;
  /** Subject key (chemistry, physics, ...); sent embedded in courseName as `coursesubject:<subject>`. */
  subject: string | null;
  description: string;
  image_path: string | null;
  /** Price in piastres (1/100 EGP): money is never a float in the database. */
  price_cents: number;
  term: string;
  grade: string;
  active: Flag;
  open_to_all: Flag;
  created_at: string;
  modified_at: string;
}

/** A printed book the school sells by grade, ordered on WhatsApp (0010). */
export interface BookTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  grade: string;
  /** Price in piastres, as courses. */
  price_cents: number;
  image_path: string | null;
  description: string;
  active: Flag;
  created_at: string;
  modified_at: string;
}

export interface UnitTable {
  id: Generated<number>;
  tenant_id: number;
  course_id: number;
  position: number;
  name: string;
  title: string;
  created_at: string;
}

export interface LessonTable {
  id: Generated<number>;
  tenant_id: number;
  unit_id: number;
  position: number;
  name: string;
  type: 'Video' | 'Quiz';
  video_url: string | null;
  /** The lesson's live session, opened from the player's banner (0008-live-session). */
  live_session_url: string | null;
  attachment_url: string | null;
  attachment_title: string | null;
  /** An uploaded attachment's file name under DATA_DIR/uploads; served only to students who may see the lesson. */
  attachment_file: string | null;
  titel: string | null;
  created_at: string;
  /** The ready uploaded video the lesson plays (0012-videos); null: the lesson plays video_url. */
  video_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type VideoStatus = 'queued' | 'running' | 'ready' | 'failed' | 'cancelled';

/** An uploaded video and its transcoding job (0012-videos). */
export interface VideoTable {
  id: Generated<number>;
  tenant_id: number;
  lesson_id: number;
  status: VideoStatus;
  /** 0–100 while running, read from ffmpeg's progress output. */
  progress: Generated<number>;
  /** ffmpeg's message when failed. */
  error: string | null;
  /** The upload's storage name. */
  source_name: string;
  source_bytes: number;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  /** JSON array of the ladder's heights, e.g. "[240,360]", once ready. */
  renditions: Generated<string>;
  /** The AES-128 key of its segments, hex; served only to a session that may open the lesson. */
  key_hex: string;
  attempts: Generated<number>;
  /** Who holds the job and until when (ISO); a lease that ran out is claimed again. */
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface LessonCaptionTable {
  id: Generated<number>;
  tenant_id: number;
  lesson_id: number;
  /** BCP 47, e.g. "ar", "en". */
  language: string;
  label: string;
  /** The WebVTT file's storage name. */
  file_name: string;
  created_at: string;
}

export interface QuizQuestionTable {
  id: Generated<number>;
  tenant_id: number;
  lesson_id: number;
  position: number;
  text: string;
}

export interface QuizAnswerTable {
  id: Generated<number>;
  tenant_id: number;
  question_id: number;
  position: number;
  text: string;
  is_correct: Flag;
}

export interface CodeTable {
  id: Generated<number>;
  tenant_id: number;
  /** Normalised (see normalizeCode), unique across tenants. */
  code: string;
  batch_label: string | null;
  /** The admin batch the code was generated in; null for codes issued before batches existed. */
  batch_id: number | null;
  used_by: number | null;
  used_at: string | null;
  disabled_at: string | null;
  created_at: string;
}

export interface EnrollmentCodeTable extends CodeTable {
  course_id: number;
}

export interface UnitCodeTable extends CodeTable {
  unit_id: number;
}

export interface EnrollmentTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  course_id: number;
  enrolled_at: string;
  source: 'code' | 'free' | 'admin';
  code_id: number | null;
}

export interface UnitUnlockTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  unit_id: number;
  code_id: number | null;
  /** The redemption date: the unit's window is counted from it. */
  unlocked_at: string;
}

export interface LessonCompletionTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  lesson_id: number;
  completed_at: string;
}

export interface QuizResultTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  lesson_id: number;
  score: number;
  correct_count: number;
  total: number;
  /** JSON: the graded review ({ questionId, chosenAnswerId, correctAnswerId, isCorrect }[]). */
  answers_json: string;
  submitted_at: string;
  /** 1 when an existing client graded it and sent the score (0011); its review is then empty. */
  client_graded: Generated<Flag>;
  /** The notes that client sent ('Correct answers: x/y'), as sent; null for server-graded results. */
  client_notes: string | null;
  /** 0 when the score is below the exam's pass mark (0013): the quiz then still blocks what follows. */
  passed: Generated<Flag>;
  /** The exam attempt this result came from (0013); null for a plain quiz. */
  attempt_id: number | null;
}

export type Difficulty = 'easy' | 'medium' | 'hard';

/** A course's question bank (0013-exams). */
export interface BankQuestionTable {
  id: Generated<number>;
  tenant_id: number;
  course_id: number;
  text: string;
  /** An uploaded image's stored name (public under /api/files/images/), or null. */
  image_file: string | null;
  explanation: string | null;
  difficulty: Difficulty;
  /** '' for none. */
  topic: string;
  /** JSON: 2–6 `{ text, isCorrect }`, exactly one correct; an answer is known by its index. */
  answers_json: string;
  /** Set when a question that attempts drew is deleted: kept for them, never drawn again. */
  archived_at: string | null;
  /**
   * When an exam start first drew it (0014-bank-first-draw), written before that attempt is stored;
   * null while no attempt has drawn it. Set, its answers can no longer change and a delete archives it.
   */
  first_drawn_at: string | null;
  /** Attempts folded into the count so far (0015-draw-tally); the page adds the course's unfolded ones. */
  times_drawn: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** What makes a quiz an exam (0013-exams); a quiz without a row is a plain one-attempt quiz. */
export interface QuizSettingsTable {
  lesson_id: number;
  tenant_id: number;
  source: 'fixed' | 'bank';
  /** JSON: draw rules `{ topic: string | null, difficulty: Difficulty | null, count }[]`. */
  draw_json: string;
  time_limit_minutes: number | null;
  pass_mark: number | null;
  attempts_allowed: number;
  counts: 'best' | 'last';
  review: 'immediate' | 'after-deadline' | 'never';
  show_explanations: Flag;
  opens_at: string | null;
  closes_at: string | null;
  updated_at: string;
}

/** Attempts one student has at an exam beyond its `attempts_allowed` (0017-extra-attempts). */
export interface ExamExtraAttemptTable {
  lesson_id: number;
  user_id: number;
  tenant_id: number;
  extra: number;
  granted_at: string;
}

/** One attempt at an exam (0013-exams): its stored draw, saved answers and, once closed, its grade. */
export interface ExamAttemptTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  lesson_id: number;
  /** 1-based, unique per student and lesson. */
  number: number;
  source: 'fixed' | 'bank';
  started_at: string;
  /** null when untimed. */
  deadline_at: string | null;
  /** JSON: `{ questionId, answers: number[] }[]`, in the order shown (stored answer keys). */
  draw_json: string;
  /** JSON: `{ "<questionId>": shown position 1..n }`. */
  answers_json: Generated<string>;
  saved_at: string | null;
  submitted_at: string | null;
  submitted_by: 'student' | 'server' | null;
  score: number | null;
  correct_count: number | null;
  total: number | null;
  /** JSON: the graded review in shown ids. */
  review_json: string | null;
  /** 1 once a submitted bank attempt is counted in its questions' `times_drawn` (0015-draw-tally). */
  tallied: Generated<Flag>;
}

/** When a student first opened a quiz (0005-quiz-attempts): the start of their one attempt. */
export interface QuizAttemptTable {
  tenant_id: number;
  user_id: number;
  lesson_id: number;
  started_at: string;
}

export type CodeBatchKind = 'enrollment' | 'unit';

export interface CodeBatchTable {
  id: Generated<number>;
  tenant_id: number;
  kind: CodeBatchKind;
  course_id: number;
  /** The unit of a unit-code batch; null for enrolment codes. */
  unit_id: number | null;
  label: string;
  count: number;
  /** The admin who generated it; null when the operator tool did. */
  created_by: number | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  tenant_id: number;
  actor_id: number | null;
  /** Dotted verb: course.create, codes.generate, student.sessions.end … */
  action: string;
  target_type: string;
  target_id: number | null;
  summary: string;
  created_at: string;
}

/** A device that has signed in to an account: the login limits trust it (0006-login-trust). */
export interface LoginDeviceTable {
  tenant_id: number;
  user_id: number;
  device_hash: string;
  last_login_at: string;
}

export interface Database {
  tenants: TenantTable;
  users: UserTable;
  device_sessions: DeviceSessionTable;
  password_resets: PasswordResetTable;
  outbox: OutboxTable;
  teachers: TeacherTable;
  courses: CourseTable;
  units: UnitTable;
  lessons: LessonTable;
  quiz_questions: QuizQuestionTable;
  quiz_answers: QuizAnswerTable;
  enrollment_codes: EnrollmentCodeTable;
  enrollments: EnrollmentTable;
  unit_codes: UnitCodeTable;
  unit_unlocks: UnitUnlockTable;
  lesson_completions: LessonCompletionTable;
  quiz_results: QuizResultTable;
  quiz_attempts: QuizAttemptTable;
  code_batches: CodeBatchTable;
  audit_log: AuditLogTable;
  login_devices: LoginDeviceTable;
  books: BookTable;
  videos: VideoTable;
  lesson_captions: LessonCaptionTable;
  bank_questions: BankQuestionTable;
  quiz_settings: QuizSettingsTable;
  exam_attempts: ExamAttemptTable;
  exam_extra_attempts: ExamExtraAttemptTable;
}

export type Tenant = Selectable<TenantTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type DeviceSession = Selectable<DeviceSessionTable>;
