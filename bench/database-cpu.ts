// Processes' CPU time, read from /proc. That of this machine's PostgreSQL processes (backends, WAL
// writer, checkpointer): beside the server's own CPU per request, what each request cost the database.
// Processes that end inside a window are not counted (the pool keeps its backends, so few do). Zero
// where /proc is missing or PostgreSQL is not local; SQLite's work is in the server's own figure.
// And that of given processes (nginx in front, bench/quiz-start.ts --via-nginx).
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const MICROS_PER_TICK = 10_000;

/** One process's user and system CPU so far, read from /proc/<pid>/stat, with its command; null when
 * it cannot be read (gone, or no /proc). */
function processCpu(pid: string | number): { command: string; micros: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    // Fields after the command: state is 3rd, utime 14th and stime 15th of the whole line.
    const fields = stat.slice(close + 2).split(' ');
    return {
      command: stat.slice(stat.indexOf('(') + 1, close),
      micros: (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK,
    };
  } catch {
    // The process ended while being read.
    return null;
  }
}

/** The CPU so far of these processes together (nginx's master and workers, say). */
export function processesCpuMicros(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (processCpu(pid)?.micros ?? 0), 0);
}

export function postgresCpuMicros(): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  let micros = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const cpu = processCpu(entry);
    if (cpu?.command.startsWith('postgres')) micros += cpu.micros;
  }
  return micros;
}
