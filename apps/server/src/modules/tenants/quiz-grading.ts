// The tenant setting "existing clients grade quizzes" (issue 18, difference 7; API.md, Existing
// clients), changed from the admin site screen or the operator tool, each change with its audit entry.
// Off (the default), the server grades every quiz. On, a call without our web app's header
// (OWN_CLIENT_HEADER) is sent the quiz with each answer's correctness and may submit its own score.
import type { AuditAction, AuditTargetType } from '@app/contract';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import { auditSummary } from '../admin/audit-summaries';

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
 * as that entry. `from` names where it was changed: the admin's site screen or the operator tool.
 */
export async function setQuizGrading(
  trx: Db,
  tenant: Pick<Tenant, 'id'>,
  clientGraded: boolean,
  from: 'site' | 'operator',
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
  const changed = (before.client_graded_quizzes === 1) !== clientGraded;
  return {
    action: QUIZ_GRADING_ACTION,
    targetType: 'site',
    targetId: tenant.id,
    summary: auditSummary.quizGrading(clientGraded, changed, from),
  };
}
