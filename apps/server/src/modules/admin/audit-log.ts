// The audit log: one row per admin write, inserted by the service in the same transaction as the
// change, so an entry exists exactly when the change does. Read newest first.
import type { AuditAction, AuditEntry, AuditTargetType } from '@app/contract';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { AdminActor } from './admin-guard';
import { anyContains, containsPattern, paged, type Paging } from './paging';

export type AuditRecord = {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | null;
  summary: string;
};

/** The longest summary kept: the column's size. */
const MAX_SUMMARY = 500;

export class AuditLog {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * Writes the entry with `trx`, the transaction of the change it describes. The operator tool acts
   * for no account: its entries have no actor.
   */
  async record(
    trx: Db,
    actor: Pick<AdminActor, 'tenant'> & { userId: number | null },
    entry: AuditRecord,
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        tenant_id: actor.tenant.id,
        actor_id: actor.userId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        summary: entry.summary.slice(0, MAX_SUMMARY),
        created_at: this.deps.clock.now().toISOString(),
      })
      .execute();
  }

  /** Newest first; `search` matches the action, the summary or the actor's name. */
  async list(tenantId: number, query: Paging & { search?: string | undefined }) {
    const pattern = containsPattern(query.search);
    let base = this.deps.db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .where('a.tenant_id', '=', tenantId);
    if (pattern) base = base.where(anyContains(['a.action', 'a.summary', 'u.name'], pattern));
    const { rows, meta } = await paged(base, query, (q) =>
      q
        .select([
          'a.id',
          'a.created_at',
          'a.actor_id',
          'u.name as actor_name',
          'a.action',
          'a.target_type',
          'a.target_id',
          'a.summary',
        ])
        .orderBy('a.id', 'desc'),
    );
    const entries: AuditEntry[] = rows.map((row) => ({
      id: row.id,
      at: row.created_at,
      actor: { id: row.actor_id ?? 0, name: row.actor_name ?? '' },
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      summary: row.summary,
    }));
    return { entries, ...meta };
  }
}
