// When a bank question was first drawn (decision 0013, "Known limits"): `bank_questions.first_drawn_at`,
// set by an exam start before it stores the attempt (modules/exams/bank-cache.ts, markDrawn). It is what
// freezes a question's answers and turns its delete into an archive, read on the question's own locked
// row instead of expanding the draw of every attempt of the course.
//
// Questions drawn before this migration get the start of the first bank attempt of their course that
// drew them, found once here with the expansion `timesDrawn` uses (question-bank/bank-rows.ts): each
// draw element's `questionId` compared as a value, so 12 is not found inside 112 and a fixed quiz's
// draw (quiz_questions ids) is not read. On PostgreSQL the tables hold their row-level security policies
// for the owner too, so the back-fill runs tenant by tenant in that tenant's scope (set for the
// migration's transaction only).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../connect';
import { TENANT_SETTING } from '../tenant-scoped-dialect';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('bank_questions').addColumn('first_drawn_at', 'varchar(32)').execute();
  if (dialect === 'sqlite') {
    await sql`
      update bank_questions set first_drawn_at = f.first_drawn_at
      from (
        select json_extract(d.value, '$.questionId') as question_id, a.tenant_id, u.course_id,
               min(a.started_at) as first_drawn_at
          from exam_attempts as a
          inner join lessons as l on l.id = a.lesson_id
          inner join units as u on u.id = l.unit_id
          cross join json_each(a.draw_json) as d
         where a.source = 'bank'
         group by 1, 2, 3
      ) as f
      where bank_questions.id = f.question_id and bank_questions.tenant_id = f.tenant_id
        and bank_questions.course_id = f.course_id and bank_questions.first_drawn_at is null`.execute(db);
    return;
  }
  const { rows: tenants } = await sql<{ id: number }>`select id from tenants order by id`.execute(db);
  for (const { id } of tenants) {
    await sql`select set_config(${TENANT_SETTING}, ${String(id)}, true)`.execute(db);
    await sql`
      update bank_questions as q set first_drawn_at = f.first_drawn_at
      from (
        select d.value ->> 'questionId' as question_id, u.course_id, min(a.started_at) as first_drawn_at
          from exam_attempts as a
          inner join lessons as l on l.id = a.lesson_id
          inner join units as u on u.id = l.unit_id
          cross join lateral jsonb_array_elements(a.draw_json::jsonb) as d(value)
         where a.tenant_id = ${id} and a.source = 'bank'
         group by 1, 2
      ) as f
      where q.id::text = f.question_id and q.tenant_id = ${id} and q.course_id = f.course_id
        and q.first_drawn_at is null`.execute(db);
  }
  await sql`select set_config(${TENANT_SETTING}, '', true)`.execute(db);
}
