// The school's name and contact links (the footer's Contact/getAll), and who grades quizzes. A change is seen at once by this
// process (its tenant cache entry is dropped) and by others within the tenant cache's lifetime.
import type { SiteSettings } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import type { Tenant } from '../../db/schema';
import { formatNetworkList, parseNetworkList } from '../../lib/trusted-networks';
import type { TenantDirectory } from '../tenants/directory';
import { setQuizGrading } from '../tenants/quiz-grading';
import type { AdminActor } from './admin-guard';
import type { AdminWriter } from './admin-writer';
import { auditSummary } from './audit-summaries';

type SiteValues = z.output<typeof SiteSettings>;

const toSettings = (
  tenant: Pick<
    Tenant,
    | 'name'
    | 'whatsapp_number'
    | 'facebook_page'
    | 'youtube_channel'
    | 'tiktok_channel'
    | 'trusted_networks'
    | 'client_graded_quizzes'
  >,
) => ({
  name: tenant.name,
  whatsappNumber: tenant.whatsapp_number,
  facebookPage: tenant.facebook_page,
  youtubeChannel: tenant.youtube_channel,
  tiktokChannel: tenant.tiktok_channel,
  trustedNetworks: parseNetworkList(tenant.trusted_networks),
  clientGradedQuizzes: tenant.client_graded_quizzes === 1,
});

export class SiteAdminService {
  constructor(private readonly deps: { db: Db; writer: AdminWriter; tenants: TenantDirectory }) {}

  /** Read from the table, not the cache, so the form shows what is stored. */
  async get(tenantId: number) {
    const tenant = await this.deps.db
      .selectFrom('tenants')
      .selectAll()
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return toSettings(tenant);
  }

  async update(actor: AdminActor, input: SiteValues) {
    await this.deps.writer.run(actor, async (trx) => {
      await trx
        .updateTable('tenants')
        .set({
          name: input.name,
          whatsapp_number: input.whatsappNumber,
          facebook_page: input.facebookPage,
          youtube_channel: input.youtubeChannel,
          tiktok_channel: input.tiktokChannel,
          ...(input.trustedNetworks ? { trusted_networks: formatNetworkList(input.trustedNetworks) } : {}),
        })
        .where('id', '=', actor.tenant.id)
        .execute();
      const before = toSettings(actor.tenant);
      const changed = (Object.keys(input) as (keyof SiteValues)[]).filter(
        (key) => input[key] !== undefined && String(input[key]) !== String(before[key]),
      );
      return {
        result: null,
        audit: {
          action: 'site.update',
          targetType: 'site',
          targetId: actor.tenant.id,
          summary: auditSummary.siteUpdated(changed),
        },
      };
    });
    this.deps.tenants.forget(actor.tenant.slug);
    return this.get(actor.tenant.id);
  }

  /** Existing clients grade quizzes, or the server grades every quiz: seen by every process at once. */
  async setQuizGrading(actor: AdminActor, clientGraded: boolean) {
    await this.deps.writer.run(actor, async (trx) => ({
      result: null,
      audit: await setQuizGrading(trx, actor.tenant, clientGraded, 'site'),
    }));
    this.deps.tenants.forget(actor.tenant.slug);
    return this.get(actor.tenant.id);
  }
}
