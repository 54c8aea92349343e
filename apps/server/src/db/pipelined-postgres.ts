// PostgreSQL through porsager/postgres with its queries pipelined (stop 36, DATABASE_DRIVER=pipelined;
// not the default: with many schools busy at once `pg` does better, docs/benchmarks.md stop 37). `pg`
// sends one statement per connection at a time: one system call and one wake-up of a PostgreSQL
// backend per statement, which was a third of the API's busy time on exam night. porsager/postgres
// writes the statements of many requests that share a connection in one go and reads their answers
// in order; on the exam-night bench that took one process on PostgreSQL from hundreds of refused
// students to none (docs/benchmarks.md, stop 36).
//
// Sharing a connection between requests means a connection cannot carry a request's tenant in a
// session setting that is changed per request (tenant-scoped-dialect.ts does that for `pg`). Here each
// tenant has a pool of its own whose connections are opened with `app.tenant_id` set as a startup
// parameter, so a connection belongs to one tenant for its whole life and the row-level security
// policies read the same setting as before. Outside any tenant scope the setting is '' (no rows).
// Idle connections close after IDLE_SECONDS, so a school that is not busy holds none.
//
// A process holds at most DATABASE_MAX_CONNECTIONS (stop 37): a shared pool of DATABASE_POOL_SIZE
// (`pg`'s, the tenant set on each connection it hands out, as with DATABASE_DRIVER=pg) and, within the
// rest, a pool of DATABASE_POOL_SIZE per school while there is a place for it (TenantPools). A school
// that finds no place is served by the shared pool, unpipelined, until a pool unused for a minute gives
// its place up; places are never taken from schools in use, since opening and closing pools in turn
// among busy schools cost five times a read's rate (docs/benchmarks.md, stop 37).
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
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import postgres from 'postgres';
import { currentTenantSetting, TENANT_SETTING } from './tenant-scoped-dialect';

/** An idle connection is closed after this long, and a pool unused this long gives its place up. */
const IDLE_SECONDS = 60;
/** The pool outside any tenant: the tenant cache's reads and the exam sweeper's question, now and then. */
const NO_TENANT_POOL_SIZE = 2;

type Options = {
  url: string;
  /** One tenant's pool. */
  poolSize: number;
  /** The process's connections: the tenants' pools and the shared pool together. */
  maxConnections: number;
  /** The tenants without a pool of their own share this one (`pg`'s, the tenant set per checkout). */
  shared: { dialect: Dialect; size: number };
};

/** A tenant's pool, the connections it may open, and the queries and transactions it is working on. */
type TenantPool = {
  readonly tenant: string;
  readonly sql: postgres.Sql;
  readonly size: number;
  inFlight: number;
  lastUsed: number;
};

/**
 * One pool per tenant ('' for none), opened on first use while the budget has a place for it: the sizes
 * of the open pools and of those being closed never add up to more than `budget`. A tenant that finds
 * no place goes to the shared pool instead (the driver below), and a pool unused for IDLE_SECONDS gives
 * its place up to the next tenant that wants one. A place is never taken from a pool in use: a pool
 * opened and closed costs a connection's start-up and its prepared statements, about 26 ms and 4 ms of
 * this process's CPU (stop 37), and handing places round among busy schools cut a read's rate by five.
 */
class TenantPools {
  /** In order of last use, least recent first. */
  private readonly pools = new Map<string, TenantPool>();
  /** The sizes of the open pools and of those being closed. */
  private held = 0;

  constructor(
    private readonly options: Pick<Options, 'url' | 'poolSize'>,
    private readonly budget: number,
  ) {}

  private sizeFor(tenant: string): number {
    return Math.min(tenant === '' ? NO_TENANT_POOL_SIZE : this.options.poolSize, this.budget);
  }

  /** The current tenant's pool, counted as in use until `release`; null when it has none and no place. */
  async acquire(): Promise<TenantPool | null> {
    const tenant = currentTenantSetting();
    const known = this.pools.get(tenant);
    if (known) return this.use(known);
    const size = this.sizeFor(tenant);
    if (size === 0) return null;
    if (this.held + size > this.budget) await this.retireUnused(size);
    const opened = this.pools.get(tenant);
    if (opened) return this.use(opened);
    return this.held + size <= this.budget ? this.use(this.open(tenant, size)) : null;
  }

  release(pool: TenantPool): void {
    pool.inFlight -= 1;
  }

  async end(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.sql.end({ timeout: 5 })));
  }

  private use(pool: TenantPool): TenantPool {
    this.pools.delete(pool.tenant);
    this.pools.set(pool.tenant, pool);
    pool.inFlight += 1;
    pool.lastUsed = Date.now();
    return pool;
  }

  private open(tenant: string, size: number): TenantPool {
    const sql = postgres(this.options.url, {
      max: size,
      idle_timeout: IDLE_SECONDS,
      prepare: true,
      // The tenant is in the connection's name too, so pg_stat_activity shows which school holds which.
      connection: { [TENANT_SETTING]: tenant, application_name: `api:tenant=${tenant || 'none'}` },
      onnotice: () => undefined,
    });
    const pool = { tenant, sql, size, inFlight: 0, lastUsed: Date.now() };
    this.pools.set(tenant, pool);
    this.held += size;
    return pool;
  }

  /** Closes pools unused for IDLE_SECONDS, least recently used first, until `size` fits or none is left. */
  private async retireUnused(size: number): Promise<void> {
    const before = Date.now() - IDLE_SECONDS * 1000;
    const closing: Promise<void>[] = [];
    let freed = 0;
    for (const pool of this.pools.values()) {
      if (this.held - freed + size <= this.budget) break;
      if (pool.inFlight > 0 || pool.lastUsed > before) continue;
      this.pools.delete(pool.tenant);
      freed += pool.size;
      closing.push(
        pool.sql.end({ timeout: 5 }).finally(() => {
          this.held -= pool.size;
        }),
      );
    }
    await Promise.all(closing);
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

/**
 * Each query and transaction runs on its tenant's pool when it has one (or a place for one), else on
 * the shared pool, whose driver sets the tenant on each connection it hands out (tenant-scoped-dialect.ts).
 * Kysely gives every later call the connection `acquireConnection` returned, so each call goes back to
 * the driver that made it.
 */
class PipelinedDriver implements Driver {
  private readonly pools: TenantPools;
  private readonly shared: Driver;

  constructor(options: Options) {
    this.pools = new TenantPools(options, Math.max(0, options.maxConnections - options.shared.size));
    this.shared = options.shared.dialect.createDriver();
  }

  async init(): Promise<void> {
    await this.shared.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const pool = await this.pools.acquire();
    return pool ? new PipelinedConnection(pool) : this.shared.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof PipelinedConnection))
      return this.shared.beginTransaction(connection, settings);
    connection.reserved = await connection.pool.sql.reserve();
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.reserved.unsafe(`start transaction${isolation}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof PipelinedConnection)) return this.shared.commitTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof PipelinedConnection)) return this.shared.rollbackTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!(connection instanceof PipelinedConnection))
      return this.shared.savepoint!(connection, name, compileQuery);
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!(connection instanceof PipelinedConnection))
      return this.shared.rollbackToSavepoint!(connection, name, compileQuery);
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint "${name}"`));
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!(connection instanceof PipelinedConnection))
      return this.shared.releaseSavepoint!(connection, name, compileQuery);
    await connection.executeQuery(CompiledQuery.raw(`release savepoint "${name}"`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof PipelinedConnection)) return this.shared.releaseConnection(connection);
    connection.reserved?.release();
    connection.reserved = null;
    this.pools.release(connection.pool);
  }

  async destroy(): Promise<void> {
    await Promise.all([this.pools.end(), this.shared.destroy()]);
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
