// Bank questions as the admin reads them (BankQuestion), found only inside the admin's tenant, and
// how many exam attempts drew each (decision 0013). What freezes a question's answers is its own
// `first_drawn_at`, set by the exam start that first drew it (exams/bank-cache.ts, markDrawn); the
// count is only the number the bank page shows.
import type { BankQuestion } from '@app/contract';
import { sql, type Selectable } from 'kysely';
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

/**
 * How many attempts drew each of `questionIds` (all of one course), in one statement. It expands the
 * draw of every bank attempt of the course, so ask it only about questions that are drawn (isDrawn):
 * the others are 0. Only the bank attempts of the course's own lessons count: a fixed quiz's draw
 * names quiz_questions ids, which may equal a bank id by chance. The draw is read with each database's
 * JSON functions (json_each on SQLite, jsonb_array_elements on PostgreSQL), element by element,
 * comparing the `questionId` field itself: a text match on draw_json would also find 12 inside 112,
 * or an answer index. An attempt holds a question at most once; `count(distinct)` keeps the count
 * right even if one did not.
 */
export async function timesDrawn(
  db: Db,
  dialect: DialectName,
  tenantId: number,
  courseId: number,
  questionIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (questionIds.length === 0) return counts;
  const element =
    dialect === 'postgres'
      ? sql`cross join lateral jsonb_array_elements(a.draw_json::jsonb) as d(value)`
      : sql`cross join json_each(a.draw_json) as d`;
  // Compared as text on PostgreSQL (->> gives text) and as the JSON number on SQLite.
  const questionId =
    dialect === 'postgres' ? sql`d.value ->> 'questionId'` : sql`json_extract(d.value, '$.questionId')`;
  const ids =
    dialect === 'postgres'
      ? sql`= any(${questionIds.map(String)}::text[])`
      : sql`in (${sql.join(questionIds.map((id) => sql`${id}`))})`;
  const { rows } = await sql<{ question_id: number | string; n: number | string }>`
    select ${questionId} as question_id, count(distinct a.id) as n
    from exam_attempts as a
    inner join lessons as l on l.id = a.lesson_id
    inner join units as u on u.id = l.unit_id
    ${element}
    where a.tenant_id = ${tenantId} and a.source = 'bank' and u.course_id = ${courseId}
      and ${questionId} ${ids}
    group by ${questionId}`.execute(db);
  for (const row of rows) counts.set(Number(row.question_id), Number(row.n));
  return counts;
}
