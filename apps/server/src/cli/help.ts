// Help texts, built from the command declarations so they cannot drift from what is parsed.
import type { Command } from './command';

export const PROGRAM = 'npm run admin --';

export function topLevelHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Operator tool of the learning platform. It uses the same settings as the server',
    '(DATABASE_URL or DATA_DIR, DEFAULT_TENANT, ...) and migrates the database before each command.',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    `Run '${PROGRAM} <command> --help' for the options of a command.`,
    '',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const entries = Object.entries(command.options).map(([name, spec]) => {
    const left = spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
    return { left, right: spec.required ? `${spec.description} (required)` : spec.description };
  });
  entries.push({ left: '-h, --help', right: 'show this help' });
  const width = Math.max(...entries.map((entry) => entry.left.length));
  const usage = Object.entries(command.options).map(([name, spec]) => {
    const part = spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
    return spec.required ? part : `[${part}]`;
  });
  const lines = [
    `Usage: ${PROGRAM} ${[command.name, ...usage].join(' ')}`,
    '',
    command.summary,
    '',
    'Options:',
    ...entries.map((entry) => `  ${entry.left.padEnd(width)}  ${entry.right}`),
  ];
  if (command.examples?.length) {
    lines.push('', 'Examples:', ...command.examples.map((example) => `  ${PROGRAM} ${example}`));
  }
  lines.push('');
  return lines.join('\n');
}
