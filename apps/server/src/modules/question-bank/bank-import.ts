// A bank file's rows as questions (decision 0013, Import): a header row naming the columns (English or
// Arabic, any order, any case), then a question per row. Each row is checked with the very schema
// POST /Questions uses, behind the same request text rule, so an import cannot store what the form
// could not. Every faulty row is reported (1-based, the header being row 1 when it is the file's
// first), and then nothing is written: all rows or none. Each problem goes out twice: in the row's
// English message, as the API speaks, and as a code with its column (BankImportProblem), which the
// admin screen says in Arabic.
import {
  BANK_ANSWER_COLUMNS,
  BANK_COLUMNS,
  BANK_COLUMNS_AR,
  BANK_LIMITS,
  BankColumn,
  BankQuestionInput,
  TextRuleProblem,
  DIFFICULTIES,
  DIFFICULTY_AR,
  withRequestText,
  type BankImportErrors,
  type BankImportProblem,
  type Difficulty,
} from '@app/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { BankQuestionValues } from './bank-service';
import { fileRefused, readSheet, type SheetRow } from './bank-sheet';

type RowError = BankImportErrors['rows'][number];
/** A problem with the English words the row's message gives it. */
type Found = { problem: BankImportProblem; message: string };

/** A row's problems as the answer carries them: the English joined, the codes in the same order. */
function rowError(row: number, found: Found[]): RowError {
  const seen = new Map(found.map((item) => [item.message, item]));
  const unique = [...seen.values()];
  return {
    row,
    message: unique.map((item) => item.message).join('; '),
    problems: unique.map((item) => item.problem),
  };
}

const REQUIRED: readonly BankColumn[] = ['text', 'answer1', 'answer2', 'correct'];
/** `correct` names one of the answer columns, as a number from 1. */
const MAX_CORRECT = BANK_ANSWER_COLUMNS.length;
const rowSchema = withRequestText(BankQuestionInput);

/** A header or a number as typed: no spaces or underscores, any case, Arabic-Indic digits and alef forms as one. */
const normalised = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_]+/g, '')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[أإآ]/g, 'ا');

const COLUMN_NAMES = new Map<string, BankColumn>(
  BANK_COLUMNS.flatMap((column) => [
    [normalised(column), column],
    [normalised(BANK_COLUMNS_AR[column]), column],
  ]),
);
const DIFFICULTY_NAMES = new Map<string, Difficulty>(
  DIFFICULTIES.flatMap((difficulty) => [
    [difficulty, difficulty],
    [normalised(DIFFICULTY_AR[difficulty]), difficulty],
  ]),
);

export const importFailed = (rows: RowError[]) =>
  new AppError(
    400,
    `Nothing was imported: ${rows.length === 1 ? '1 row has' : `${rows.length} rows have`} errors`,
    { data: { rows } satisfies BankImportErrors },
  );

/** The file's questions in file order, or a 400 naming every faulty row. */
export async function readBankFile(bytes: Buffer): Promise<BankQuestionValues[]> {
  const rows = (await readSheet(bytes)).filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  const [header, ...body] = rows;
  if (!header)
    throw fileRefused('The file is empty: it needs a header row and a row per question', { file: 'empty' });
  const columns = headerColumns(header);
  if ('error' in columns) throw importFailed([columns.error]);
  if (body.length === 0)
    throw fileRefused('The file has no questions under its header row', { file: 'no-questions' });
  if (body.length > BANK_LIMITS.maxImportRows)
    throw fileRefused(`A file may carry at most ${BANK_LIMITS.maxImportRows} questions`, {
      file: 'too-many-rows',
    });
  const questions: BankQuestionValues[] = [];
  const errors: RowError[] = [];
  for (const row of body) {
    const read = questionOf(row, columns.index);
    if ('problems' in read) errors.push(rowError(row.row, read.problems));
    else questions.push(read.question);
  }
  if (errors.length > 0) throw importFailed(errors);
  return questions;
}

/** Where each column is, or the header row's problems. */
function headerColumns(header: SheetRow): { index: Map<BankColumn, number> } | { error: RowError } {
  const index = new Map<BankColumn, number>();
  const found: Found[] = [];
  header.cells.forEach((cell, at) => {
    if (cell.trim() === '') return;
    const column = COLUMN_NAMES.get(normalised(cell));
    const value = cell.trim().slice(0, 50);
    if (!column)
      found.push({ problem: { code: 'unknown-column', value }, message: `Unknown column "${value}"` });
    else if (index.has(column))
      found.push({
        problem: { code: 'duplicate-column', column },
        message: `Column "${column}" appears twice`,
      });
    else index.set(column, at);
  });
  const missing = REQUIRED.filter((column) => !index.has(column));
  if (missing.length > 0)
    found.push({
      problem: { code: 'missing-columns', columns: missing },
      message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    });
  return found.length > 0 ? { error: rowError(header.row, found) } : { index };
}

function questionOf(
  row: SheetRow,
  index: Map<BankColumn, number>,
): { question: BankQuestionValues } | { problems: Found[] } {
  const cell = (column: BankColumn) => {
    const at = index.get(column);
    return at === undefined ? '' : (row.cells[at] ?? '');
  };
  const problems: Found[] = [];

  const texts = BANK_ANSWER_COLUMNS.map(cell);
  const last = texts.findLastIndex((text) => text.trim() !== '');
  const answers = texts.slice(0, last + 1);
  const gap = answers.findIndex((text) => text.trim() === '');
  if (gap >= 0)
    problems.push({
      problem: { code: 'answer-gap', column: answerColumn(gap) },
      message: `Answers must be consecutive from answer1: answer${gap + 1} is empty`,
    });

  const correctText = normalised(cell('correct'));
  let correct = 0;
  if (correctText === '')
    problems.push({
      problem: { code: 'correct-missing' },
      message: `correct is required: the number (1–${MAX_CORRECT}) of the correct answer`,
    });
  else if (!/^[1-9]$/.test(correctText) || Number(correctText) > MAX_CORRECT)
    problems.push({
      problem: { code: 'correct-not-a-number' },
      message: `correct must be a number from 1 to ${MAX_CORRECT}`,
    });
  else if ((answers[Number(correctText) - 1] ?? '').trim() === '')
    problems.push({
      problem: { code: 'correct-names-empty', column: answerColumn(Number(correctText) - 1) },
      message: `correct names answer${correctText}, which is empty`,
    });
  else correct = Number(correctText);

  const difficultyText = normalised(cell('difficulty'));
  const difficulty = difficultyText === '' ? 'medium' : DIFFICULTY_NAMES.get(difficultyText);
  if (!difficulty)
    problems.push({
      problem: { code: 'difficulty-unknown' },
      message: 'difficulty must be easy, medium or hard (سهل، متوسط، صعب)',
    });

  const candidate = {
    text: cell('text'),
    // Empty answers in a gap are reported above; while `correct` is wrong, the first answer stands in.
    answers: answers
      .map((text, i) => ({ text, isCorrect: correct === 0 ? i === 0 : i + 1 === correct }))
      .filter((answer) => answer.text.trim() !== ''),
    explanation: cell('explanation'),
    difficulty: difficulty ?? 'medium',
    topic: cell('topic'),
  };
  const parsed = rowSchema.safeParse(candidate);
  if (!parsed.success)
    problems.push(
      ...parsed.error.issues.map((issue) => ({ problem: problemOf(issue), message: issueMessage(issue) })),
    );
  if (problems.length > 0 || !parsed.success) return { problems };
  return { question: parsed.data };
}

const answerColumn = (position: number): BankColumn => BankColumn.parse(`answer${position + 1}`);

type SchemaIssue = z.core.$ZodIssue;

/** The cell a schema issue is about: `answers.2.text` is answer3; null for the answers as a whole. */
function columnOf(path: readonly PropertyKey[]): BankColumn | null {
  const [field, position] = path;
  if (field === 'answers') return typeof position === 'number' ? answerColumn(position) : null;
  const column = BankColumn.safeParse(field);
  return column.success ? column.data : null;
}

/** A schema issue as a code: which rule of the question form the cell breaks. */
function problemOf(issue: SchemaIssue): BankImportProblem {
  const column = columnOf(issue.path);
  const rule = TextRuleProblem.safeParse(issue.code === 'custom' ? issue.params?.textRule : undefined);
  if (column && rule.success) return { code: 'text-rule', column, rule: rule.data };
  if (issue.code === 'too_small' && issue.origin === 'array')
    return { code: 'too-few-answers', limit: Number(issue.minimum) };
  if (column && issue.code === 'too_small') return { code: 'required', column };
  if (column && issue.code === 'too_big') return { code: 'too-long', column, limit: Number(issue.maximum) };
  return { code: 'invalid', column };
}

/** A schema issue named by its column: `answers.2.text` is answer3. */
function issueMessage(issue: { path: PropertyKey[]; message: string }): string {
  const [field, position] = issue.path;
  const dotted = issue.path.map(String).join('.');
  const column = field === 'answers' && typeof position === 'number' ? `answer${position + 1}` : null;
  const message =
    dotted !== '' && issue.message.startsWith(dotted)
      ? `${column ?? String(field)}${issue.message.slice(dotted.length)}`
      : issue.message;
  return column && !message.startsWith(column) ? `${column}: ${message}` : message;
}
