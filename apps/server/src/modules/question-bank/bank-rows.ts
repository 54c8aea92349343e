// Bank questions as the admin reads them (BankQuestion), found only inside the admin's tenant, and
// whether an exam start has drawn it (decision 0013): its own `first_drawn_at`, set by the exam start
// that first drew it (exams/bank-cache.ts, markDrawn), is what freezes its answers. How many attempts
// drew it is only the number the bank page shows (draw-tally.ts).
import type { BankQuestion } from '@app/contract';
import type { Selectable } from 'kysely';
import type { Db, DialectName } from '../../db/connect';
import type { BankQuestionTable } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { IMAGE_ROUTE } from '../admin/upload-store';

export const QUESTION_NOT_FOUND = 'Question not found.';

export const bankColumns = [
  'id',
  'course_id',
  'text',
  'image_file',
  'explanation',
  'difficulty',
  'topic',
  'answers_json',
  'first_drawn_at',
  'updated_at',
] as const;

export type BankRow = Pick<Selectable<BankQuestionTable>, (typeof bankColumns)[number]>;

export type BankAnswer = { text: string; isCorrect: boolean };

/** Where a stored image name is served (the route answers it absolute, like the catalogue's images). */
export const bankImagePath = (imageFile: string | null) => (imageFile ? `${IMAGE_ROUTE}${imageFile}` : null);

/** Whether an exam start has drawn the question: its answers are frozen and a delete archives it. */
export const isDrawn = (row: Pick<BankRow, 'first_drawn_at'>) => row.first_drawn_at !== null;

export const toBankQuestion = (row: BankRow, timesDrawn: number): BankQuestion => ({
  id: row.id,
  courseId: row.course_id,
  text: row.text,
  imagePath: bankImagePath(row.image_file),
  explanation: row.explanation,
  difficulty: row.difficulty,
  topic: row.topic,
  answers: JSON.parse(row.answers_json) as BankAnswer[],
  timesDrawn,
  answersLocked: isDrawn(row),
  updatedAt: row.updated_at,
});

/**
 * A question of the tenant that is not archived (an archived one is gone from the admin's view), or
 * 404. On PostgreSQL a row read for a change is locked, so two edits of one question take turns.
 */
export async function ownedQuestion(
  db: Db,
  tenantId: number,
  questionId: number,
  options: { lock?: DialectName } = {},
): Promise<BankRow> {
  let query = db
    .selectFrom('bank_questions')
    .select(bankColumns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', questionId)
    .where('archived_at', 'is', null);
  if (options.lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return row;
}
