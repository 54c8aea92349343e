// PostgreSQL through porsager/postgres with its queries pipelined (stop 36; the default since stop 37,
// `DATABASE_DRIVER=pg` for the other). `pg` sends one statement per connection at a time: one system call and one
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
// Idle connections close after IDLE_SECONDS, so a school that is not busy holds none. The pools share
// one budget, DATABASE_MAX_CONNECTIONS for the process (TenantPools, stop 37): a school's pool is
// DATABASE_POOL_SIZE, and a school without one takes the place of the least recently used idle one.
// Smaller pools than `pg`'s would let more schools in at once but starve exam night's submissions,
// each a transaction that holds its connection (docs/benchmarks.md, stop 37).
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
import { overloaded } from '../lib/app-error';
import { currentTenantSetting, TENANT_SETTING } from './tenant-scoped-dialect';

/** An idle connection is closed after this long. */
const IDLE_SECONDS = 60;
/** How long a query waits for a tenant pool when every pool the budget allows is busy: then 503. */
const WAIT_SECONDS = 5;
/** The pool outside any tenant: the tenant cache's reads and the exam sweeper's question, now and then. */
const NO_TENANT_POOL_SIZE = 2;

type Options = {
  url: string;
  /** One tenant's pool. */
  poolSize: number;
  /** The process's connections, across every tenant's pool. */
  maxConnections: number;
};

/** A tenant's pool, the connections it may open, and the queries and transactions it is working on. */
type TenantPool = {
  readonly tenant: string;
  readonly sql: postgres.Sql;
  readonly size: number;
  inFlight: number;
};

/**
 * One pool per tenant ('' for none), created on first use, within one budget of connections: the sizes
 * of the open pools and of those being closed never add up to more than `maxConnections`, so the
 * process never holds more, however many schools are busy (`maxConnections / poolSize` schools at
 * once). A tenant without a pool takes the place of the least recently used pools that have nothing
 * in flight, closed first; when every pool is busy it waits for one to finish, WAIT_SECONDS at most.
 * Taking a place costs a connection's start-up and the statements it had prepared (a pool opened and
 * closed: about 26 ms and 4 ms of this process's CPU, stop 37), so places should be rare: enough for
 * the schools busy at once.
 */
class TenantPools {
  /** In order of last use, least recent first. */
  private readonly pools = new Map<string, TenantPool>();
  /** The sizes of the open pools and of those being closed. */
  private held = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: Options) {}

  private sizeFor(tenant: string): number {
    return Math.min(tenant === '' ? NO_TENANT_POOL_SIZE : this.options.poolSize, this.options.maxConnections);
  }

  /** The current tenant's pool, counted as in use until `release`. */
  async acquire(): Promise<TenantPool> {
    const tenant = currentTenantSetting();
    const deadline = Date.now() + WAIT_SECONDS * 1000;
    for (;;) {
      const pool = this.pools.get(tenant);
      if (pool) {
        this.pools.delete(tenant);
        this.pools.set(tenant, pool);
        pool.inFlight += 1;
        return pool;
      }
      if (this.held + this.sizeFor(tenant) <= this.options.maxConnections) return this.open(tenant);
      const idle = [...this.pools.values()].find((candidate) => candidate.inFlight === 0);
      if (idle) await this.close(idle);
      else if (!(await this.nextRelease(deadline))) throw overloaded(WAIT_SECONDS);
    }
  }

  release(pool: TenantPool): void {
    pool.inFlight -= 1;
    if (pool.inFlight === 0) this.wake();
  }

  async end(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.sql.end({ timeout: 5 })));
  }

  private open(tenant: string): TenantPool {
    const size = this.sizeFor(tenant);
    const sql = postgres(this.options.url, {
      max: size,
      idle_timeout: IDLE_SECONDS,
      prepare: true,
      // The tenant is in the connection's name too, so pg_stat_activity shows which school holds which.
      connection: { [TENANT_SETTING]: tenant, application_name: `api:tenant=${tenant || 'none'}` },
      onnotice: () => undefined,
    });
    const pool = { tenant, sql, size, inFlight: 1 };
    this.pools.set(tenant, pool);
    this.held += size;
    return pool;
  }

  private async close(pool: TenantPool): Promise<void> {
    this.pools.delete(pool.tenant);
    try {
      await pool.sql.end({ timeout: 5 });
    } finally {
      this.held -= pool.size;
      this.wake();
    }
  }

  /** Resolves true when a pool finishes its work or closes, false at the deadline. */
  private nextRelease(deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiters = this.waiters.filter((waiter) => waiter !== wake);
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PipelinedConnection implements DatabaseConnection {
  /** The connection a transaction holds, from its BEGIN to its end; null outside one. */
  reserved: postgres.ReservedSql | null = null;

  constructor(readonly pool: TenantPool) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.pool.sql;
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
    return new PipelinedConnection(await this.pools.acquire());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const held = connection as PipelinedConnection;
    held.reserved = await held.pool.sql.reserve();
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
    this.pools.release(held.pool);
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
