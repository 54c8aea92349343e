import { CliError, requiredString, type Command } from '../command';

export const sessionsEndCommand: Command = {
  name: 'sessions end',
  summary: 'End every device session of an account (it must log in again; frees both device slots).',
  options: {
    tenant: { type: 'string', value: 'SLUG', required: true, description: 'the tenant of the account' },
    email: { type: 'string', value: 'EMAIL', required: true, description: "the account's email" },
  },
  prepare(values) {
    const slug = requiredString(values, 'tenant');
    const email = requiredString(values, 'email');
    return async (ctx) => {
      const { SessionRepository } = await import('../../modules/auth/sessions');
      const { SessionCache } = await import('../../modules/auth/session-cache');
      const { UserRepository } = await import('../../modules/auth/users');
      const { openCacheBus } = await import('../cache-bus');
      const tenant = await ctx.tenant(slug);
      const user = await new UserRepository(ctx.db).byEmail(tenant.id, email);
      if (!user) throw new CliError(`no account with email '${email}' in tenant '${tenant.slug}'`);
      // The running processes forget the sessions they keep in memory (through Redis when configured).
      const { bus, close } = await openCacheBus(ctx.config, ctx.warn);
      try {
        const ended = await new SessionRepository(ctx.db, new SessionCache(0, bus)).endAll(user.id);
        ctx.out(`Ended ${ended} device session${ended === 1 ? '' : 's'} of ${user.email}.`);
      } finally {
        await close();
      }
    };
  },
};
