// `codes` and `unit-codes`: a batch of single-use codes for one course or one unit of the tenant.
import {
  CliError,
  flagOption,
  integerOption,
  stringOption,
  type Command,
  type OptionSpec,
  type OptionValues,
  type Runner,
} from '../command';

const MAX_LABEL = 100;

const batchOptions = (target: 'course' | 'unit'): Record<string, OptionSpec> => ({
  [target]: { type: 'string', value: 'ID', required: true, description: `the ${target} id` },
  count: {
    type: 'string',
    value: 'N',
    required: true,
    description: 'how many codes (a batch holds at most 5000)',
  },
  label: { type: 'string', value: 'LABEL', description: 'batch label, e.g. "center-september"' },
  csv: { type: 'boolean', description: `CSV with a header (code,${target}_id) instead of one code per line` },
  tenant: { type: 'string', value: 'SLUG', description: 'the tenant (default: DEFAULT_TENANT)' },
});

async function prepareBatch(values: OptionValues, target: 'course' | 'unit'): Promise<Runner> {
  const { issueBatch, MAX_CODES_PER_BATCH } = await import('../../modules/codes/code-issuer');
  const { formatCode } = await import('@app/domain');
  const id = integerOption(values, target, { min: 1, max: Number.MAX_SAFE_INTEGER });
  const count = integerOption(values, 'count', { min: 1, max: MAX_CODES_PER_BATCH });
  const label = stringOption(values, 'label') ?? null;
  if (label !== null && label.length > MAX_LABEL)
    throw new CliError(`--label must be at most ${MAX_LABEL} characters`);
  const slug = stringOption(values, 'tenant');
  const csv = flagOption(values, 'csv');

  return async (ctx) => {
    const tenant = await ctx.tenant(slug);
    const owner =
      target === 'course'
        ? await ctx.db
            .selectFrom('courses')
            .select(['id as course_id', 'active'])
            .where('tenant_id', '=', tenant.id)
            .where('id', '=', id)
            .executeTakeFirst()
        : await ctx.db
            .selectFrom('units')
            .innerJoin('courses', 'courses.id', 'units.course_id')
            .select(['units.course_id', 'courses.active'])
            .where('units.tenant_id', '=', tenant.id)
            .where('units.id', '=', id)
            .executeTakeFirst();
    if (!owner) throw new CliError(`no ${target} with id ${id} in tenant '${tenant.slug}'`);
    if (owner.active === 0)
      ctx.warn(`note: the ${target === 'course' ? 'course' : "unit's course"} is inactive`);

    // A batch like the admin screens make, so the codes can be listed, exported and disabled there.
    const now = ctx.clock.now();
    const { codes } = await issueBatch(ctx.db, {
      tenantId: tenant.id,
      courseId: owner.course_id,
      unitId: target === 'unit' ? id : null,
      count,
      label: label ?? `operator ${now.toISOString().slice(0, 10)}`,
      createdBy: null,
      now,
    });
    const printed = codes.map(formatCode);
    ctx.out(
      csv ? [`code,${target}_id`, ...printed.map((code) => `${code},${id}`)].join('\n') : printed.join('\n'),
    );
  };
}

export const codesCommand: Command = {
  name: 'codes',
  summary: 'Issue single-use enrolment codes for a course.',
  options: batchOptions('course'),
  examples: ['codes --course 3 --count 50 --label center-a --csv > codes.csv'],
  prepare: (values) => prepareBatch(values, 'course'),
};

export const unitCodesCommand: Command = {
  name: 'unit-codes',
  summary: 'Issue single-use unit codes that unlock one lecture (unit).',
  options: batchOptions('unit'),
  examples: ['unit-codes --unit 12 --count 20'],
  prepare: (values) => prepareBatch(values, 'unit'),
};
