// Tenants are read on every /api call, so they are cached in memory for a few seconds. A change is
// seen at once by the process that made it and, through the cache bus (Redis pub/sub when configured),
// by the others; without Redis they see it within TENANT_CACHE_MS.
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus';
import type { Clock } from '../../lib/clock';

const FORGET_TENANT = 'tenant:forget';

export const TENANT_CACHE_MS = 10_000;

/** The name of the tenant created on first start, until the school sets its own. */
export const DEFAULT_TENANT_NAME = 'منصة التعلم';

export class TenantDirectory {
  private readonly cache = new LRUCache<string, { tenant: Tenant | null }>({
    max: 1000,
    ttl: TENANT_CACHE_MS,
  });

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus = localCacheBus(),
  ) {
    bus.subscribe(FORGET_TENANT, (slug) => {
      if (typeof slug === 'string') this.cache.delete(slug);
    });
    bus.onResync(() => this.cache.clear());
  }

  async bySlug(slug: string): Promise<Tenant | null> {
    const cached = this.cache.get(slug);
    if (cached) return cached.tenant;
    const tenant =
      (await this.db.selectFrom('tenants').selectAll().where('slug', '=', slug).executeTakeFirst()) ?? null;
    this.cache.set(slug, { tenant });
    return tenant;
  }

  async byId(id: number): Promise<Tenant | null> {
    return (await this.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** After a change to the tenant (or its creation), in every process. */
  forget(slug: string): void {
    this.cache.delete(slug);
    this.bus.publish(FORGET_TENANT, slug);
  }

  /** Creates the tenant when it does not exist yet; returns it either way. */
  async ensure(input: { slug: string; name: string; timeZone: string }, clock: Clock): Promise<Tenant> {
    await this.db
      .insertInto('tenants')
      .values({
        slug: input.slug,
        name: input.name,
        time_zone: input.timeZone,
        require_email_confirmation: 0,
        whatsapp_number: null,
        facebook_page: null,
        youtube_channel: null,
        tiktok_channel: null,
        created_at: clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    this.forget(input.slug);
    const tenant = await this.bySlug(input.slug);
    if (!tenant) throw new Error(`tenant ${input.slug} could not be created`);
    return tenant;
  }
}
