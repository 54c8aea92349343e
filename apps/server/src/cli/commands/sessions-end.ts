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
      const { UserRepository } = await import('../../modules/auth/users');
      const tenant = await ctx.tenant(slug);
      const user = await new UserRepository(ctx.db).byEmail(tenant.id, email);
      if (!user) throw new CliError(`no account with email '${email}' in tenant '${tenant.slug}'`);
      const ended = await new SessionRepository(ctx.db).endAll(user.id);
      ctx.out(`Ended ${ended} device session${ended === 1 ? '' : 's'} of ${user.email}.`);
    };
  },
};
