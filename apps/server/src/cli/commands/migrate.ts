import type { Command } from '../command';

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Apply pending database migrations (every command does this first).',
  options: {},
  prepare: () => async (ctx) => {
    ctx.out(
      ctx.migrated.length > 0
        ? `Applied migrations: ${ctx.migrated.join(', ')}`
        : 'The database schema is up to date.',
    );
  },
};
