// The tenant setting "existing clients grade quizzes" (issue 18, difference 7; API.md, Existing
// clients), changed from the admin site screen or the operator tool, each change with its audit entry.
// Off (the default), the server grades every quiz. On, a call without our web app's header
// (OWN_CLIENT_HEADER) is sent the quiz with each answer's correctness and may submit its own score.
import type { AuditAction, AuditTargetType } from '@app/contract';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';

export const QUIZ_GRADING_ACTION: AuditAction = 'site.quiz-grading';

/** What an audit entry records: the same shape as the admin audit log's. */
type QuizGradingAudit = {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  summary: string;
};

/**
 * Sets the setting with `trx` (the transaction its audit entry is written in) and says what changed,
 * as that entry. `by` names where it was changed: 'the site screen', 'the operator tool'.
 */
export async function setQuizGrading(
  trx: Db,
  tenant: Pick<Tenant, 'id'>,
  clientGraded: boolean,
  by: string,
): Promise<QuizGradingAudit> {
  const before = await trx
    .selectFrom('tenants')
    .select('client_graded_quizzes')
    .where('id', '=', tenant.id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('tenants')
    .set({ client_graded_quizzes: clientGraded ? 1 : 0 })
    .where('id', '=', tenant.id)
    .execute();
  const unchanged = (before.client_graded_quizzes === 1) === clientGraded ? ' (no change)' : '';
  const setting = clientGraded
    ? 'Existing clients grade quizzes: the answers are sent to clients without our web app header'
    : 'The server grades every quiz';
  return {
    action: QUIZ_GRADING_ACTION,
    targetType: 'site',
    targetId: tenant.id,
    summary: `${setting}${unchanged} (from ${by})`,
  };
}
