// `npm run admin -- <command> [options]` (and `npm run migrate`): the operator's command-line tool.
import { runCli } from './run';

const write = (stream: NodeJS.WriteStream) => (text: string) =>
  void stream.write(text.endsWith('\n') ? text : `${text}\n`);

process.exitCode = await runCli(process.argv.slice(2), {
  out: write(process.stdout),
  warn: write(process.stderr),
});
