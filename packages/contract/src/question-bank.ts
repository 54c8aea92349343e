// A course's question bank (issue 20, decision 0013): questions an exam draws from. Written, tagged,
// imported and exported by the school's admin under /api/Admin/...; students never read the bank,
// only the questions their own attempt drew.
import { z } from 'zod';
import { ADMIN_LIMITS, AnswerInput, nameText, optionalText } from './admin';
import { PagedMeta, envelope, pageNumberParam, pageSizeParam } from './common';
import { humanText, TextRuleProblem } from './text';

export const BANK_LIMITS = {
  topic: 100,
  explanation: 2000,
  /** Rows one import may carry. */
  maxImportRows: 2000,
  /** Largest import file, in bytes. */
  maxImportBytes: 5 * 1024 * 1024,
} as const;

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const Difficulty = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof Difficulty>;

/** A topic tag: trimmed, '' for none. */
export const TopicField = z
  .string()
  .trim()
  .max(BANK_LIMITS.topic, { error: `Topic must be at most ${BANK_LIMITS.topic} characters` })
  .superRefine(humanText('Topic'));

/** POST /api/Admin/Courses/{courseId}/Questions and PUT /api/Admin/Questions/{id}. */
export const BankQuestionInput = z
  .object({
    text: nameText(ADMIN_LIMITS.questionText, 'Question', { multiline: true }),
    answers: z
      .array(AnswerInput)
      .min(ADMIN_LIMITS.minAnswers, { error: `A question needs at least ${ADMIN_LIMITS.minAnswers} answers` })
      .max(ADMIN_LIMITS.maxAnswers, { error: `A question has at most ${ADMIN_LIMITS.maxAnswers} answers` }),
    explanation: optionalText(BANK_LIMITS.explanation, 'Explanation', { multiline: true }),
    difficulty: Difficulty.default('medium'),
    topic: TopicField.default(''),
  })
  .refine((q) => q.answers.filter((a) => a.isCorrect).length === 1, {
    error: 'Exactly one answer must be correct',
    path: ['answers'],
  });
export type BankQuestionInput = z.input<typeof BankQuestionInput>;

export const BankQuestion = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  text: z.string(),
  /** Absolute URL of the question's image, or null. */
  imagePath: z.string().nullable(),
  explanation: z.string().nullable(),
  difficulty: Difficulty,
  topic: z.string(),
  answers: z.array(z.object({ text: z.string(), isCorrect: z.boolean() })),
  /** How many exam attempts drew it: the number the bank page shows. */
  timesDrawn: z.number().int(),
  /**
   * Whether its answers can no longer change (a change is refused with 409, and a delete archives it):
   * an exam start has drawn it (decision 0013, `first_drawn_at`). Usually the same as timesDrawn > 0,
   * but a start that drew it and then stored no attempt (a double tap that lost the race) freezes it too.
   */
  answersLocked: z.boolean(),
  updatedAt: z.string(),
});
export type BankQuestion = z.infer<typeof BankQuestion>;
export const BankQuestionResponse = envelope(BankQuestion);

/** GET /api/Admin/Courses/{courseId}/Questions: non-archived questions, newest first. */
export const BankQuestionQuery = z.object({
  search: z.string().trim().max(ADMIN_LIMITS.search).optional(),
  topic: TopicField.optional(),
  difficulty: Difficulty.optional(),
  pageNumber: pageNumberParam,
  pageSize: pageSizeParam,
});
export const BankQuestionPage = PagedMeta.extend({ questions: z.array(BankQuestion) });
export const BankQuestionPageResponse = envelope(BankQuestionPage);

/** GET /api/Admin/Courses/{courseId}/QuestionTopics: what a draw rule can ask for. */
export const BankTopic = z.object({
  topic: z.string(),
  easy: z.number().int(),
  medium: z.number().int(),
  hard: z.number().int(),
});
export type BankTopic = z.infer<typeof BankTopic>;
export const BankTopicsResponse = envelope(z.array(BankTopic));

/**
 * POST /api/Admin/Courses/{courseId}/Questions/Import (multipart `file`, CSV or XLSX recognised by its
 * bytes): every row or none. Success: `{ imported }`; otherwise 400 with `data.rows`, one entry per
 * faulty row (1-based, counting the header as row 1), in row order (BankImportErrors, below).
 */
export const BankImportResult = z.object({ imported: z.number().int() });
export const BankImportResponse = envelope(BankImportResult);

/** GET /api/Admin/Courses/{courseId}/Questions/Export?format=csv|xlsx: the same columns import reads. */
export const BankExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** One column for each answer a question may have (ADMIN_LIMITS.maxAnswers), in order. */
export const BANK_ANSWER_COLUMNS = [
  'answer1',
  'answer2',
  'answer3',
  'answer4',
  'answer5',
  'answer6',
] as const;

/**
 * The columns of an import or export, in order. Import also accepts the Arabic header names, and
 * difficulty as سهل / متوسط / صعب; `correct` is the correct answer's number (from 1, one per answer
 * column).
 */
export const BANK_COLUMNS = [
  'text',
  ...BANK_ANSWER_COLUMNS,
  'correct',
  'explanation',
  'difficulty',
  'topic',
] as const;
export const BANK_COLUMNS_AR: Record<(typeof BANK_COLUMNS)[number], string> = {
  text: 'السؤال',
  answer1: 'الإجابة ١',
  answer2: 'الإجابة ٢',
  answer3: 'الإجابة ٣',
  answer4: 'الإجابة ٤',
  answer5: 'الإجابة ٥',
  answer6: 'الإجابة ٦',
  correct: 'الصحيحة',
  explanation: 'الشرح',
  difficulty: 'الصعوبة',
  topic: 'الموضوع',
};
export const DIFFICULTY_AR: Record<Difficulty, string> = { easy: 'سهل', medium: 'متوسط', hard: 'صعب' };

export const BankColumn = z.enum(BANK_COLUMNS);
export type BankColumn = z.infer<typeof BankColumn>;

/**
 * One thing wrong with a row of an import, for a client to say in its own language (the row's
 * `message` says them all in English). `column` is the column's English name.
 */
export const BankImportProblem = z.discriminatedUnion('code', [
  // The header row.
  z.object({ code: z.literal('unknown-column'), value: z.string() }),
  z.object({ code: z.literal('duplicate-column'), column: BankColumn }),
  z.object({ code: z.literal('missing-columns'), columns: z.array(BankColumn) }),
  // A question's row.
  z.object({ code: z.literal('answer-gap'), column: BankColumn }),
  z.object({ code: z.literal('correct-missing') }),
  z.object({ code: z.literal('correct-not-a-number') }),
  z.object({ code: z.literal('correct-names-empty'), column: BankColumn }),
  z.object({ code: z.literal('difficulty-unknown') }),
  // The question form's own rules (POST /Questions), by the cell they concern.
  z.object({ code: z.literal('required'), column: BankColumn }),
  z.object({ code: z.literal('too-long'), column: BankColumn, limit: z.number().int() }),
  z.object({ code: z.literal('too-few-answers'), limit: z.number().int() }),
  z.object({ code: z.literal('text-rule'), column: BankColumn, rule: TextRuleProblem }),
  z.object({ code: z.literal('invalid'), column: BankColumn.nullable() }),
]);
export type BankImportProblem = z.infer<typeof BankImportProblem>;

export const BankImportRowError = z.object({
  row: z.number().int(),
  message: z.string(),
  problems: z.array(BankImportProblem),
});
export const BankImportErrors = z.object({ rows: z.array(BankImportRowError) });
export type BankImportErrors = z.infer<typeof BankImportErrors>;

/** Why a whole file was refused (400, `data`), for a client to say in its own language. */
export const BankImportFileError = z.object({
  file: z.enum(['not-a-spreadsheet', 'unreadable-csv', 'empty', 'no-questions', 'too-many-rows']),
  /** unreadable-csv: the line near which reading failed, when known. */
  line: z.number().int().optional(),
});
export type BankImportFileError = z.infer<typeof BankImportFileError>;
