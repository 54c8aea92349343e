// A bank file's rows as questions (decision 0013, Import): a header row naming the columns (English or
// Arabic, any order, any case), then a question per row. Each row is checked with the very schema
// POST /Questions uses, behind the same request text rule, so an import cannot store what the form
// could not. Every faulty row is reported (1-based, the header being row 1 when it is the file's
// first), and then nothing is written: all rows or none.
import {
  BANK_COLUMNS,
  BANK_COLUMNS_AR,
  BANK_LIMITS,
  BankQuestionInput,
  DIFFICULTIES,
  DIFFICULTY_AR,
  withRequestText,
  type BankImportErrors,
  type Difficulty,
} from '@app/contract';
import { AppError, badRequest } from '../../lib/app-error';
import type { BankQuestionValues } from './bank-service';
import { readSheet, type SheetRow } from './bank-sheet';

type Column = (typeof BANK_COLUMNS)[number];
type RowError = BankImportErrors['rows'][number];

const REQUIRED: readonly Column[] = ['text', 'answer1', 'answer2', 'correct'];
const ANSWER_COLUMNS = BANK_COLUMNS.filter((column) => column.startsWith('answer'));
const rowSchema = withRequestText(BankQuestionInput);

/** A header or a number as typed: no spaces or underscores, any case, Arabic-Indic digits and alef forms as one. */
const normalised = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_]+/g, '')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[أإآ]/g, 'ا');

const COLUMN_NAMES = new Map<string, Column>(
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
  if (!header) throw badRequest('The file is empty: it needs a header row and a row per question');
  const columns = headerColumns(header);
  if ('error' in columns) throw importFailed([columns.error]);
  if (body.length === 0) throw badRequest('The file has no questions under its header row');
  if (body.length > BANK_LIMITS.maxImportRows)
    throw badRequest(`A file may carry at most ${BANK_LIMITS.maxImportRows} questions`);
  const questions: BankQuestionValues[] = [];
  const errors: RowError[] = [];
  for (const row of body) {
    const read = questionOf(row, columns.index);
    if ('problems' in read) errors.push({ row: row.row, message: read.problems.join('; ') });
    else questions.push(read.question);
  }
  if (errors.length > 0) throw importFailed(errors);
  return questions;
}

/** Where each column is, or the header row's problems. */
function headerColumns(header: SheetRow): { index: Map<Column, number> } | { error: RowError } {
  const index = new Map<Column, number>();
  const problems: string[] = [];
  header.cells.forEach((cell, at) => {
    if (cell.trim() === '') return;
    const column = COLUMN_NAMES.get(normalised(cell));
    if (!column) problems.push(`Unknown column "${cell.trim().slice(0, 50)}"`);
    else if (index.has(column)) problems.push(`Column "${column}" appears twice`);
    else index.set(column, at);
  });
  const missing = REQUIRED.filter((column) => !index.has(column));
  if (missing.length > 0)
    problems.push(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return problems.length > 0
    ? { error: { row: header.row, message: [...new Set(problems)].join('; ') } }
    : { index };
}

function questionOf(
  row: SheetRow,
  index: Map<Column, number>,
): { question: BankQuestionValues } | { problems: string[] } {
  const cell = (column: Column) => {
    const at = index.get(column);
    return at === undefined ? '' : (row.cells[at] ?? '');
  };
  const problems: string[] = [];

  const texts = ANSWER_COLUMNS.map(cell);
  const last = texts.findLastIndex((text) => text.trim() !== '');
  const answers = texts.slice(0, last + 1);
  const gap = answers.findIndex((text) => text.trim() === '');
  if (gap >= 0) problems.push(`Answers must be consecutive from answer1: answer${gap + 1} is empty`);

  const correctText = normalised(cell('correct'));
  let correct = 0;
  if (correctText === '') problems.push('correct is required: the number (1–6) of the correct answer');
  else if (!/^[1-6]$/.test(correctText)) problems.push('correct must be a number from 1 to 6');
  else if ((answers[Number(correctText) - 1] ?? '').trim() === '')
    problems.push(`correct names answer${correctText}, which is empty`);
  else correct = Number(correctText);

  const difficultyText = normalised(cell('difficulty'));
  const difficulty = difficultyText === '' ? 'medium' : DIFFICULTY_NAMES.get(difficultyText);
  if (!difficulty) problems.push('difficulty must be easy, medium or hard (سهل، متوسط، صعب)');

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
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issueMessage(issue)));
  if (problems.length > 0 || !parsed.success) return { problems: [...new Set(problems)] };
  return { question: parsed.data };
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
