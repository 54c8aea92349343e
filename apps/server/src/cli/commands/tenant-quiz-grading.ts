import { OWN_CLIENT_HEADER } from '@app/contract';
import { CliError, requiredString, type Command } from '../command';

const GRADERS = ['client', 'server'] as const;

export const tenantQuizGradingCommand: Command = {
  name: 'tenant quiz-grading',
  summary:
    "Who grades a tenant's quizzes: the server (default), or existing clients (calls without our web app's header are sent the answers).",
  options: {
    tenant: { type: 'string', value: 'SLUG', required: true, description: 'the tenant (school)' },
    by: {
      type: 'string',
      value: 'client|server',
      required: true,
      description: 'client: existing clients grade and send the score; server: the server grades every quiz',
    },
  },
  examples: [
    'tenant quiz-grading --tenant tenant8 --by client',
    'tenant quiz-grading --tenant tenant8 --by server',
  ],
  prepare(values) {
    const slug = requiredString(values, 'tenant');
    const by = requiredString(values, 'by');
    if (!(GRADERS as readonly string[]).includes(by))
      throw new CliError(`--by must be client or server (got '${by}')`, true);
    const clientGraded = by === 'client';
    return async (ctx) => {
      const { AuditLog } = await import('../../modules/admin/audit-log');
      const { setQuizGrading } = await import('../../modules/tenants/quiz-grading');
      const { TenantDirectory } = await import('../../modules/tenants/directory');
      const { openCacheBus } = await import('../cache-bus');
      const tenant = await ctx.tenant(slug);
      const audit = new AuditLog(ctx);
      await ctx.db.transaction().execute(async (trx) => {
        const entry = await setQuizGrading(trx, tenant, clientGraded, 'operator');
        await audit.record(trx, { tenant, userId: null }, entry);
      });
      // The running processes forget the tenant row they keep in memory (through Redis when configured).
      const { bus, close } = await openCacheBus(ctx.config, ctx.warn);
      try {
        new TenantDirectory(ctx.db, bus).forget(tenant.slug);
      } finally {
        await close();
      }
      ctx.out(
        clientGraded
          ? `Existing clients now grade the quizzes of '${tenant.slug}': calls without the ${OWN_CLIENT_HEADER} header are sent the answers.`
          : `The server now grades every quiz of '${tenant.slug}'.`,
      );
    };
  },
};
