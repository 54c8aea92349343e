import type { z } from 'zod';
import { CliError, requiredString, type Command } from '../command';

/** The registration rules of the API, applied to an option; the first problem is the error. */
function checked<T>(schema: z.ZodType<T, string>, value: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(result.error.issues[0]?.message ?? 'invalid value', true);
  return result.data;
}

export const adminCreateCommand: Command = {
  name: 'admin create',
  summary: "Create an account with the 'admin' role in a tenant (email confirmed).",
  options: {
    tenant: {
      type: 'string',
      value: 'SLUG',
      required: true,
      description: 'the tenant the account belongs to',
    },
    email: { type: 'string', value: 'EMAIL', required: true, description: 'login email' },
    phone: { type: 'string', value: 'PHONE', required: true, description: 'login phone number' },
    name: { type: 'string', value: 'NAME', required: true, description: 'display name' },
    password: { type: 'string', value: 'PASSWORD', required: true, description: 'at least 6 characters' },
  },
  examples: [
    'admin create --tenant tenant8 --email admin@school.eg --phone 01012345678 --name "أحمد علي" --password s3cret!',
  ],
  async prepare(values) {
    const { emailField, newPasswordField, personName, phoneField } = await import('@app/contract');
    const slug = requiredString(values, 'tenant');
    const email = checked(emailField('--email'), requiredString(values, 'email'));
    const phone = checked(phoneField('--phone'), requiredString(values, 'phone'));
    const name = checked(personName('--name'), requiredString(values, 'name'));
    const password = values.password;
    if (typeof password !== 'string') throw new CliError('missing --password', true);
    checked(newPasswordField('--password'), password);

    return async (ctx) => {
      const { AppError } = await import('../../lib/app-error');
      const { hashPassword } = await import('../../modules/auth/passwords');
      const { UserRepository } = await import('../../modules/auth/users');
      const tenant = await ctx.tenant(slug);
      const now = ctx.clock.now().toISOString();
      try {
        const user = await new UserRepository(ctx.db).create({
          tenant_id: tenant.id,
          name,
          email,
          phone,
          parent_phone: '',
          academic_year: '',
          is_online: 1,
          role: 'admin',
          password_hash: await hashPassword(password),
          email_confirmed_at: now,
          created_at: now,
          updated_at: now,
        });
        ctx.out(`Created admin ${user.email} (id ${user.id}) in tenant '${tenant.slug}'.`);
      } catch (error) {
        // A taken email or phone number: the repository's 409 message says which.
        if (error instanceof AppError) throw new CliError(error.message);
        throw error;
      }
    };
  },
};
