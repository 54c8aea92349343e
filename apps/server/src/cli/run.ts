// Dispatch: find the command, parse and check its options, then open the database, run, close.
// Every failure is a message on stderr and exit code 1 (no stack trace, configuration errors
// included); help goes to stdout with exit code 0.
import { parseArgs } from 'node:util';
import { CliError, type Command, type OptionValues } from './command';
import { adminCreateCommand } from './commands/admin-create';
import { codesCommand, unitCodesCommand } from './commands/codes';
import { demoCommand } from './commands/demo';
import { migrateCommand } from './commands/migrate';
import { outboxCommand } from './commands/outbox';
import { sessionsEndCommand } from './commands/sessions-end';
import { tenantCreateCommand } from './commands/tenant-create';
import { tenantQuizGradingCommand } from './commands/tenant-quiz-grading';
import type { Output } from './context';
import { commandHelp, PROGRAM, topLevelHelp } from './help';

export const COMMANDS: readonly Command[] = [
  migrateCommand,
  tenantCreateCommand,
  tenantQuizGradingCommand,
  adminCreateCommand,
  outboxCommand,
  sessionsEndCommand,
  demoCommand,
  codesCommand,
  unitCodesCommand,
];

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h' || arg === 'help';

function findCommand(argv: readonly string[]): { command: Command; rest: string[] } {
  const matches = COMMANDS.filter((command) => {
    const words = command.name.split(' ');
    return words.every((word, index) => argv[index] === word);
  });
  const command = matches.sort((a, b) => b.name.length - a.name.length)[0];
  if (command) return { command, rest: argv.slice(command.name.split(' ').length) };
  const first = argv[0] ?? '';
  const group = COMMANDS.filter((candidate) => candidate.name.startsWith(`${first} `)).map((c) => c.name);
  if (group.length > 0) throw new CliError(`'${first}' needs a subcommand: ${group.join(', ')}`, true);
  throw new CliError(`unknown command '${first}'`, true);
}

function parseOptions(command: Command, rest: string[]): OptionValues {
  let values: OptionValues;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: Object.fromEntries(
        Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]),
      ),
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // node:util explains at length how to pass positionals; the first sentence is the point.
    const message = (error as Error).message.split('. To specify')[0] ?? 'invalid options';
    throw new CliError(message.replace(/\.$/, ''), true);
  }
  for (const [name, spec] of Object.entries(command.options)) {
    if (spec.required && values[name] === undefined) throw new CliError(`missing --${name}`, true);
  }
  return values;
}

export async function runCli(argv: readonly string[], output: Output, env = process.env): Promise<number> {
  if (argv.length === 0 || isHelp(argv[0])) {
    (argv.length === 0 ? output.warn : output.out)(topLevelHelp(COMMANDS));
    return argv.length === 0 ? 1 : 0;
  }
  let command: Command | undefined;
  try {
    const found = findCommand(argv);
    command = found.command;
    if (found.rest.some((arg) => arg === '--help' || arg === '-h')) {
      output.out(commandHelp(command));
      return 0;
    }
    const work = await command.prepare(parseOptions(command, found.rest));
    // Loaded only now: the configuration and the database drivers are most of the start-up time.
    const { loadConfig } = await import('../config');
    const { openContext } = await import('./context');
    const { runInScope } = await import('../lib/tenant-context');
    const { ctx, scope, close } = await openContext(loadConfig(env), output);
    try {
      await runInScope(scope, () => work(ctx));
    } finally {
      await close();
    }
    return 0;
  } catch (error) {
    output.warn(`error: ${describe(error)}`);
    if (error instanceof CliError && error.showUsage) {
      output.warn(`Run '${PROGRAM} ${command ? `${command.name} ` : ''}--help' for usage.`);
    }
    return 1;
  }
}

function describe(error: unknown): string {
  if (error instanceof CliError) return error.message;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
