// The student's own lists in the order they are paged (issue 17): my courses by enrolment time and my
// lectures by unlock time, newest first and then by id, each an index range of that one student, so a
// page stops after its rows and the count reads the index alone. The lectures index replaces
// unit_unlocks_user_time_ix (user_id, unlocked_at), whose columns it starts with; its tenant_id lets
// the count (and PostgreSQL's tenant policy) be answered from the index.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('enrollments_user_time_ix')
    .on('enrollments')
    .columns(['user_id', 'enrolled_at desc', 'course_id'])
    .execute();
  await db.schema
    .createIndex('unit_unlocks_user_page_ix')
    .on('unit_unlocks')
    .columns(['user_id', 'unlocked_at desc', 'unit_id', 'tenant_id'])
    .execute();
  await db.schema.dropIndex('unit_unlocks_user_time_ix').execute();
}
