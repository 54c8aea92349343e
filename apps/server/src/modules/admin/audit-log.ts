// The audit log: one row per admin write, inserted by the service in the same transaction as the
// change, so an entry exists exactly when the change does. Read newest first.
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditTargetType } from '@app/contract';
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

  /**
   * Newest first. An entry matches when `search` is in its action, summary or actor's name, or when
   * its action is one of `actions` (comma-separated; names that are no action match nothing).
   */
  async list(
    tenantId: number,
    query: Paging & { search?: string | undefined; actions?: string | undefined },
  ) {
    const pattern = containsPattern(query.search);
    const actions = (query.actions ?? '')
      .split(',')
      .filter((name): name is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(name));
    let base = this.deps.db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .where('a.tenant_id', '=', tenantId);
    if (pattern || query.actions) {
      base = base.where((eb) =>
        eb.or([
          ...(pattern ? [anyContains(['a.action', 'a.summary', 'u.name'], pattern)] : []),
          ...(actions.length > 0 ? [eb('a.action', 'in', actions)] : []),
        ]),
      );
    }
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
