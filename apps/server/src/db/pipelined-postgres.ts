// PostgreSQL through porsager/postgres with its queries pipelined (stop 36; the default since stop 37,
// DATABASE_DRIVER=pg for the other, decision 0016). `pg` sends one statement per connection at a
// time: one system call and one wake-up of a PostgreSQL backend per statement, which was a third of the API's busy time on exam night. porsager/postgres
// writes the statements of many requests that share a connection in one go and reads their answers
// in order; on the exam-night bench that took one process on PostgreSQL from hundreds of refused
// students to none (docs/benchmarks.md, stop 36).
//
// Sharing a connection between requests means a connection cannot carry a request's tenant in a
// session setting changed per request (tenant-scoped-dialect.ts does that for `pg`). Here the process's
// DATABASE_POOL_SIZE connections each carry one tenant at a time and are switched only when nothing is
// in flight on them (tenant-slots.ts, stop 37): a busy school spreads over all of them and pipelines on
// each, many schools share them as `pg`'s pool would. The row-level security policies read the same
// setting as before; outside any tenant scope it is '' (no rows). (Stop 36's first form gave each
// tenant a pool of its own, opened with the tenant as a startup parameter: with 8 or 16 schools busy at
// once it served 30 to 90 % fewer reads than `pg`, docs/benchmarks.md stop 37.)
//
// A transaction reserves its connection from BEGIN to COMMIT or ROLLBACK (what was sent to it before
// runs first; nothing more is routed to it). Every statement is prepared by its text, once per
// connection, not only the app's registered ones (db/prepared.ts) as `pg`'s named statements are: preparing only those, the exam night refused 1,483
// requests against 350 (stop 36, one run each), since the submit's transaction is built per call. The
// statements a connection keeps are bounded by its life: porsager/postgres closes a connection idle
// 60 s and replaces each after 30 to 60 minutes (its `max_lifetime`).
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type postgres from 'postgres';
import { currentTenantSetting } from './tenant-scoped-dialect';
import { TenantSlots, type Slot } from './tenant-slots';

type Options = {
  url: string;
  /** The process's connections, shared by every tenant (tenant-slots.ts). */
  poolSize: number;
};

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PipelinedConnection implements DatabaseConnection {
  /** The connection a transaction holds, from its BEGIN to its end; null outside one. */
  reserved: postgres.ReservedSql | null = null;
  /** A transaction began on it: its release frees the connection for other work. */
  transaction = false;

  constructor(readonly slot: Slot) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.slot.sql;
    const result = await target.unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], {
      prepare: true,
    });
    return {
      numAffectedRows: WRITES.has(result.command) ? BigInt(result.count) : undefined,
      rows: Array.from(result) as R[],
    };
  }

  // Kysely's streaming is not used by the app.
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the pipelined PostgreSQL driver');
  }
}

class PipelinedDriver implements Driver {
  private readonly slots: TenantSlots;

  constructor(options: Options) {
    this.slots = new TenantSlots(options.url, options.poolSize);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PipelinedConnection(await this.slots.acquire(currentTenantSetting()));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const held = connection as PipelinedConnection;
    // Nothing more is routed to it; what was sent before runs first, then porsager hands it over.
    this.slots.reserve(held.slot);
    held.transaction = true;
    held.reserved = await held.slot.sql.reserve();
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await held.reserved.unsafe(`start transaction${isolation}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PipelinedConnection).executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PipelinedConnection).executeQuery(
      CompiledQuery.raw(`rollback to savepoint "${name}"`),
    );
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PipelinedConnection).executeQuery(CompiledQuery.raw(`release savepoint "${name}"`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const held = connection as PipelinedConnection;
    held.reserved?.release();
    held.reserved = null;
    this.slots.release(held.slot, held.transaction);
  }

  async destroy(): Promise<void> {
    await this.slots.end();
  }
}

export class PipelinedPostgresDialect implements Dialect {
  constructor(private readonly options: Options) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PipelinedDriver(this.options);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
