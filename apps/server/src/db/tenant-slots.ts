// The pipelined client's connections (pipelined-postgres.ts): DATABASE_POOL_SIZE of them for the whole
// process, as `pg`'s pool, each carrying one tenant at a time in its session setting and pipelining
// what is sent to it. A query goes to a connection already set to its tenant, or to an idle one that
// is switched first: the switch (`set_config`, session-wide) is sent ahead of the query on the same
// connection, which answers in order, so it costs no wait. A connection is switched only when nothing
// is in flight on it, so no statement ever runs under another tenant's setting.
//
// One busy school therefore spreads over every connection and pipelines on each (exam night), and
// many schools share them as `pg`'s pool would, a connection changing hands when idle. When a tenant
// finds neither, it waits, and the least loaded connection of another tenant takes no new work until
// it is idle and handed over, so a busy school cannot starve the others.
//
// A connection that closes (idle for IDLE_SECONDS, lost, or replaced by porsager after 30 to 60 minutes)
// reopens with its tenant as a startup parameter: each switch also changes what porsager sends when it
// (re)connects, so the queries waiting for it run under the tenant they were routed for.
import postgres from 'postgres';
import { TENANT_SETTING } from './tenant-scoped-dialect';

/** An idle connection is closed after this long. */
const IDLE_SECONDS = 60;

const SET_TENANT = `select set_config('${TENANT_SETTING}', $1, false)`;

export type Slot = {
  readonly sql: postgres.Sql;
  /** The tenant its session is set to, or will be once the switch sent ahead runs. */
  tenant: string;
  /** Queries and transactions routed to it and not released. */
  inFlight: number;
  /** A transaction holds it from its BEGIN: nothing else is sent to it. */
  reserved: boolean;
  /** Kept for a waiting tenant: nothing new is sent to it until it is idle and handed over. */
  draining: boolean;
};

type Waiter = { tenant: string; resolve: (slot: Slot) => void };

export class TenantSlots {
  private readonly slots: Slot[];
  private waiters: Waiter[] = [];

  constructor(url: string, size: number) {
    this.slots = Array.from({ length: size }, () => this.slot(url));
  }

  private slot(url: string): Slot {
    const sql = postgres(url, {
      max: 1,
      idle_timeout: IDLE_SECONDS,
      prepare: true,
      connection: { [TENANT_SETTING]: '', application_name: 'api:pipelined' },
      onnotice: () => undefined,
    });
    return { sql, tenant: '', inFlight: 0, reserved: false, draining: false };
  }

  /** A connection for `tenant`, counted in use until `release`. */
  acquire(tenant: string): Slot | Promise<Slot> {
    const slot = this.route(tenant);
    if (slot) return this.take(slot, tenant);
    return new Promise((resolve) => {
      this.waiters.push({ tenant, resolve });
      this.drainOne();
    });
  }

  /** Marks the connection a transaction's until it is released: nothing else is routed to it. */
  reserve(slot: Slot): void {
    slot.reserved = true;
  }

  /** `transaction`: the release of the transaction that reserved it. */
  release(slot: Slot, transaction: boolean): void {
    slot.inFlight -= 1;
    if (transaction) slot.reserved = false;
    if (slot.inFlight === 0 && this.waiters.length > 0) this.handOver(slot);
  }

  async end(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.sql.end({ timeout: 5 })));
  }

  /** Its tenant's idle connection, else any idle one, else its tenant's least loaded; null: none. */
  private route(tenant: string): Slot | null {
    let own: Slot | null = null;
    let idle: Slot | null = null;
    for (const slot of this.slots) {
      if (slot.reserved || slot.draining) continue;
      if (slot.tenant === tenant) {
        if (slot.inFlight === 0) return slot;
        if (!own || slot.inFlight < own.inFlight) own = slot;
      } else if (slot.inFlight === 0) idle ??= slot;
    }
    // An idle connection spreads a busy tenant before deepening its pipelines, unless others wait.
    if (idle && this.waiters.length === 0) return idle;
    return own ?? idle;
  }

  private take(slot: Slot, tenant: string): Slot {
    if (slot.tenant !== tenant) {
      // What a new session of it starts with (porsager reads it at every connect; '' is left out).
      (slot.sql.options.connection as Record<string, string>)[TENANT_SETTING] = tenant;
      // Sent ahead of the query on the same connection, which answers in order. A failure is the
      // connection's: the query sent after it fails with it, and the next session starts as set above.
      slot.sql.unsafe(SET_TENANT, [tenant], { prepare: true }).catch(() => undefined);
      slot.tenant = tenant;
    }
    slot.inFlight += 1;
    return slot;
  }

  /** Keeps the least loaded connection free of new work for the waiters, if none is kept yet. */
  private drainOne(): void {
    if (this.slots.some((slot) => slot.draining)) return;
    let least: Slot | null = null;
    for (const slot of this.slots)
      if (!slot.reserved && (!least || slot.inFlight < least.inFlight)) least = slot;
    if (least) least.draining = true;
  }

  /** Gives an idle connection to the first waiter, and to every waiter of the same tenant. */
  private handOver(slot: Slot): void {
    const first = this.waiters[0]!;
    // The connection kept for the waiters may not be this one: it goes back to work either way.
    for (const kept of this.slots) kept.draining = false;
    const served = this.waiters.filter((waiter) => waiter.tenant === first.tenant);
    this.waiters = this.waiters.filter((waiter) => waiter.tenant !== first.tenant);
    for (const waiter of served) waiter.resolve(this.take(slot, waiter.tenant));
    if (this.waiters.length > 0) this.drainOne();
  }
}
