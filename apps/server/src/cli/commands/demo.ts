import { stringOption, type Command } from '../command';
import { DEFAULT_TENANT_NAME } from '../../modules/tenants/directory';

export const demoCommand: Command = {
  name: 'demo',
  summary:
    'Load the Arabic demo catalogue, accounts and codes into a tenant without courses, and print them.',
  options: {
    tenant: {
      type: 'string',
      value: 'SLUG',
      description: 'the tenant (default: DEFAULT_TENANT, created if missing)',
    },
  },
  prepare(values) {
    const requested = stringOption(values, 'tenant');
    return async (ctx) => {
      const { formatDemoSummary, loadDemo } = await import('../../demo/load-demo');
      const { TenantDirectory } = await import('../../modules/tenants/directory');
      const slug = requested ?? ctx.config.defaultTenant;
      const tenant =
        slug === ctx.config.defaultTenant
          ? await new TenantDirectory(ctx.db).ensure(
              { slug, name: DEFAULT_TENANT_NAME, timeZone: ctx.config.defaultTimeZone },
              ctx.clock,
            )
          : await ctx.tenant(slug);
      const summary = await loadDemo({
        db: ctx.db,
        tenantId: tenant.id,
        clock: ctx.clock,
        dataDir: ctx.config.dataDir,
      });
      ctx.out(formatDemoSummary(summary));
    };
  },
};
