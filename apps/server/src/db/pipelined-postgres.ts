// PostgreSQL through porsager/postgres with its queries pipelined (stop 36, `DATABASE_DRIVER=pipelined`,
// not yet the default). `pg` sends one statement per connection at a time: one system call and one
// wake-up of a PostgreSQL backend per statement, which was a third of the API's busy time on exam
// night. porsager/postgres writes the statements of many requests that share a connection in one
// go and reads their answers in order; on the exam-night bench that took one process on PostgreSQL
// from hundreds of refused students to none (docs/benchmarks.md, stop 36).
//
// Sharing a connection between requests means a connection cannot carry a request's tenant in a
// session setting that is changed per request (tenant-scoped-dialect.ts does that for `pg`). Here each
// tenant has a pool of its own whose connections are opened with `app.tenant_id` set as a startup
// parameter, so a connection belongs to one tenant for its whole life and the row-level security
// policies read the same setting as before. Outside any tenant scope the setting is '' (no rows).
// Idle connections close after IDLE_SECONDS, so a school that is not busy holds none.
//
// A transaction reserves one connection of its tenant's pool from BEGIN to COMMIT or ROLLBACK. Every
// statement is prepared by its text, once per connection, not only the app's registered ones
// (db/prepared.ts) as `pg`'s named statements are: preparing only those, the exam night refused 1,483
// requests against 350 (stop 36, one run each), since the submit's transaction is built per call. The
// statements a connection keeps are bounded by its life: porsager/postgres closes a connection idle
// IDLE_SECONDS and replaces each after 30 to 60 minutes (its `max_lifetime`).
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
import postgres from 'postgres';
import { currentTenantSetting, TENANT_SETTING } from './tenant-scoped-dialect';

/** An idle connection is closed after this long. */
const IDLE_SECONDS = 60;

type Options = { url: string; poolSize: number };

/** One pool per tenant ('' for none), created on first use. */
class TenantPools {
  private readonly pools = new Map<string, postgres.Sql>();

  constructor(private readonly options: Options) {}

  current(): postgres.Sql {
    const tenant = currentTenantSetting();
    let pool = this.pools.get(tenant);
    if (!pool) {
      pool = postgres(this.options.url, {
        max: this.options.poolSize,
        idle_timeout: IDLE_SECONDS,
        prepare: true,
        connection: { [TENANT_SETTING]: tenant },
        onnotice: () => undefined,
      });
      this.pools.set(tenant, pool);
    }
    return pool;
  }

  async end(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.end({ timeout: 5 })));
  }
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PipelinedConnection implements DatabaseConnection {
  /** The connection a transaction holds, from its BEGIN to its end; null outside one. */
  reserved: postgres.ReservedSql | null = null;

  constructor(readonly pool: postgres.Sql) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.pool;
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
  private readonly pools: TenantPools;

  constructor(options: Options) {
    this.pools = new TenantPools(options);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PipelinedConnection(this.pools.current());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const held = connection as PipelinedConnection;
    held.reserved = await held.pool.reserve();
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
  }

  async destroy(): Promise<void> {
    await this.pools.end();
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
