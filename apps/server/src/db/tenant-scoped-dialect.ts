// PostgreSQL connections handed out with the current tenant set: before Kysely runs anything on a
// pooled connection, `app.tenant_id` is made to match the tenant of the current scope
// (lib/tenant-context.ts), and the row-level security policies read it. The setting is per session and
// remembered per connection, so a connection that already carries the right tenant costs nothing: with
// one busy tenant the extra round trip happens once per pooled connection. Outside any scope the
// setting is '' and the policies show no rows (fail closed).
//
// A transaction acquires its connection once, at BEGIN, so every statement in it keeps the tenant it
// started with, whatever the code inside it does with the scope.
import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { currentTenantId } from '../lib/tenant-context';

/** The session setting the policies read (migrations/0004-row-level-security.ts). */
export const TENANT_SETTING = 'app.tenant_id';

const SET_TENANT = `select set_config('${TENANT_SETTING}', $1, false)`;

/** The setting's value for the current scope: the tenant's id, or '' outside any tenant (no rows). */
export function currentTenantSetting(): string {
  const tenantId = currentTenantId();
  return tenantId === null ? '' : String(tenantId);
}

export class TenantScopedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new TenantScopedDriver(super.createDriver());
  }
}

class TenantScopedDriver implements Driver {
  /** The value last set on each pooled connection ('' for none). */
  private readonly current = new WeakMap<DatabaseConnection, string>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const wanted = currentTenantSetting();
    if (this.current.get(connection) !== wanted) {
      try {
        await connection.executeQuery(CompiledQuery.raw(SET_TENANT, [wanted]));
        this.current.set(connection, wanted);
      } catch (error) {
        // Unknown state: set it again next time, and give the connection back rather than leak it.
        this.current.delete(connection);
        await this.inner.releaseConnection(connection).catch(() => undefined);
        throw error;
      }
    }
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
