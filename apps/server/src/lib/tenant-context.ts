// The tenant the current request or operator command acts for, carried through every await by
// AsyncLocalStorage. On PostgreSQL each pooled connection is handed out with `app.tenant_id` set to it
// (db/tenant-scoped-dialect.ts), and row-level security shows that tenant's rows only; outside any
// scope the setting is empty and tenant tables show nothing (fail closed). SQLite ignores it.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Mutable on purpose: a scope opened before the tenant is known is filled in once it is. */
export type TenantScope = { tenantId: number | null };

const storage = new AsyncLocalStorage<TenantScope>();

/** Runs `work` (and everything it awaits or starts) as `tenantId`; null means no tenant. */
export function runAsTenant<T>(tenantId: number | null, work: () => T): T {
  return storage.run({ tenantId }, work);
}

/** Runs `work` inside an existing scope object, so that later changes to it are seen. */
export function runInScope<T>(scope: TenantScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The tenant of the current scope, or null outside any (start-up, health probe). */
export function currentTenantId(): number | null {
  return storage.getStore()?.tenantId ?? null;
}
