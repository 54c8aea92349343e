// The tenant the current request or operator command acts for, carried through every await by
// AsyncLocalStorage. On PostgreSQL each pooled connection is handed out with `app.tenant_id` set to it
// (db/tenant-scoped-dialect.ts), and row-level security shows that tenant's rows only; outside any
// scope the setting is empty and tenant tables show nothing (fail closed). SQLite ignores it.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Mutable on purpose: a scope opened before the tenant is known is filled in once it is. */
export type TenantScope = { tenantId: number | null };

const storage = new AsyncLocalStorage<TenantScope>();

/**
 * Scopes are only kept once a database needs them (connectDatabase on PostgreSQL): on Node 20 an
 * AsyncLocalStorage in use costs every promise of the process a hook call, about a fifth of a cached
 * read's CPU in the SQLite bench, for nothing there. Until then the functions below run `work` as is
 * and no tenant is current.
 */
let enabled = false;

export function enableTenantScopes(): void {
  enabled = true;
}

export function tenantScopesEnabled(): boolean {
  return enabled;
}

/** Runs `work` (and everything it awaits or starts) as `tenantId`; null means no tenant. */
export function runAsTenant<T>(tenantId: number | null, work: () => T): T {
  return enabled ? storage.run({ tenantId }, work) : work();
}

/** Runs `work` inside an existing scope object, so that later changes to it are seen. */
export function runInScope<T>(scope: TenantScope, work: () => T): T {
  return enabled ? storage.run(scope, work) : work();
}

/** The tenant of the current scope, or null outside any (start-up, health probe, SQLite). */
export function currentTenantId(): number | null {
  return enabled ? (storage.getStore()?.tenantId ?? null) : null;
}
