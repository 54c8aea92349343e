import { integerOption, stringOption, type Command } from '../command';

export const outboxCommand: Command = {
  name: 'outbox',
  summary: 'Show the newest mails the server wrote (confirmation links, reset codes), newest first.',
  options: {
    tenant: { type: 'string', value: 'SLUG', description: 'only mails of this tenant (default: all)' },
    limit: { type: 'string', value: 'N', description: 'how many mails, 1 to 500 (default 20)' },
  },
  prepare(values) {
    const slug = stringOption(values, 'tenant');
    const limit = integerOption(values, 'limit', { min: 1, max: 500, fallback: 20 });
    return async (ctx) => {
      // One tenant's mails, or every tenant's visited one by one (each read in its tenant's scope).
      const tenants = slug === undefined ? await ctx.db.selectFrom('tenants').selectAll().execute() : [];
      if (slug !== undefined) tenants.push(await ctx.tenant(slug));
      const perTenant = await Promise.all(
        tenants.map((tenant) =>
          ctx.asTenant(tenant.id, () =>
            ctx.db
              .selectFrom('outbox')
              .selectAll()
              .where('tenant_id', '=', tenant.id)
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .limit(limit)
              .execute(),
          ),
        ),
      );
      const mails = perTenant
        .flat()
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
        .slice(0, limit);
      if (mails.length === 0) {
        ctx.out('The outbox is empty.');
        return;
      }
      for (const mail of mails) {
        ctx.out(
          [
            `── #${mail.id}  ${mail.created_at}  ${mail.status}${mail.error ? ` (${mail.error})` : ''}`,
            `To:      ${mail.to_address}`,
            `Subject: ${mail.subject}`,
            '',
            mail.body_text,
            '',
          ].join('\n'),
        );
      }
    };
  },
};
