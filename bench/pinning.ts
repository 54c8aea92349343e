// Keeps the load generator (this process: autocannon or the open-loop client) and the server children
// off each other's core where `taskset` allows: Linux, two CPUs or more, taskset installed and allowed
// to set the affinity. The generator goes on core 0 and every server child on the other cores (on two
// cores: core 1, shared by the servers, while PostgreSQL's backends run where the kernel puts them).
// Otherwise nothing is pinned and the report says why.
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

export type Pinning =
  { pinned: true; generatorCores: string; serverCores: string } | { pinned: false; reason: string };

let current: Pinning = { pinned: false, reason: 'not requested' };

/** What startServer should prefix its command with: `taskset -c <cores>`, or nothing. */
export const serverCommandPrefix = (): string[] =>
  current.pinned ? ['taskset', '-c', current.serverCores] : [];

export const pinning = (): Pinning => current;

export function describePinning(p: Pinning = current): string {
  return p.pinned
    ? `load generator pinned to core ${p.generatorCores}, server children to core(s) ${p.serverCores}`
    : `nothing pinned (${p.reason})`;
}

/** Pins this process (all its threads) when `wanted` and possible; later server children follow. */
export function pinGenerator(wanted: boolean): Pinning {
  current = choose(wanted);
  return current;
}

function choose(wanted: boolean): Pinning {
  if (!wanted) return { pinned: false, reason: '--pin off' };
  if (process.platform !== 'linux')
    return { pinned: false, reason: `taskset is Linux only (${process.platform})` };
  const count = cpus().length;
  if (count < 2) return { pinned: false, reason: `${count} CPU: no core to spare for the generator` };
  const serverCores = count === 2 ? '1' : `1-${count - 1}`;
  const result = spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { encoding: 'utf8' });
  if (result.error) return { pinned: false, reason: `taskset unavailable: ${result.error.message}` };
  if (result.status !== 0)
    return { pinned: false, reason: `taskset refused: ${(result.stderr || result.stdout).trim()}` };
  return { pinned: true, generatorCores: '0', serverCores };
}
