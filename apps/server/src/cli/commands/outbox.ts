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
      const tenant = slug === undefined ? null : await ctx.tenant(slug);
      let query = ctx.db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (tenant) query = query.where('tenant_id', '=', tenant.id);
      const mails = await query.execute();
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
