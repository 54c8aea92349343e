import { TEXT_MESSAGES } from '@app/contract';
import { humanTextProblem } from '@app/domain';
import { CliError, flagOption, requiredString, stringOption, type Command } from '../command';

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const tenantCreateCommand: Command = {
  name: 'tenant create',
  summary: 'Create a tenant (a school): the identifier clients send as X-Tenant-ID.',
  options: {
    slug: {
      type: 'string',
      value: 'SLUG',
      required: true,
      description: 'letters, digits, - and _; at most 64',
    },
    name: { type: 'string', value: 'NAME', required: true, description: 'display name, e.g. "منصة الأستاذ"' },
    'time-zone': {
      type: 'string',
      value: 'ZONE',
      description: 'IANA time zone (default: DEFAULT_TIME_ZONE)',
    },
    'require-email-confirmation': { type: 'boolean', description: 'new students must confirm their email' },
  },
  examples: ['tenant create --slug school2 --name "مدرسة النور" --time-zone Asia/Muscat'],
  prepare(values) {
    const slug = requiredString(values, 'slug');
    const name = requiredString(values, 'name');
    const zone = stringOption(values, 'time-zone');
    const requireConfirmation = flagOption(values, 'require-email-confirmation');
    if (!SLUG.test(slug))
      throw new CliError('--slug may contain letters, digits, - and _ only (1 to 64)', true);
    if (name.length > 200) throw new CliError('--name must be at most 200 characters', true);
    const nameProblem = humanTextProblem(name);
    if (nameProblem) throw new CliError(TEXT_MESSAGES[nameProblem]('--name'), true);
    if (zone !== undefined && !isTimeZone(zone)) throw new CliError(`unknown time zone '${zone}'`, true);

    return async (ctx) => {
      const timeZone = zone ?? ctx.config.defaultTimeZone;
      const inserted = await ctx.db
        .insertInto('tenants')
        .values({
          slug,
          name,
          time_zone: timeZone,
          require_email_confirmation: requireConfirmation ? 1 : 0,
          whatsapp_number: null,
          facebook_page: null,
          youtube_channel: null,
          tiktok_channel: null,
          created_at: ctx.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new CliError(`tenant '${slug}' already exists`);
      ctx.out(`Created tenant '${slug}' (id ${inserted.id}, time zone ${timeZone}).`);
    };
  },
};
