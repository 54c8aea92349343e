// The CPU time of this machine's PostgreSQL processes (backends, WAL writer, checkpointer), read from
// /proc: beside the server's own CPU per request, what each request cost the database. Processes
// that end inside a window are not counted (the pool keeps its backends, so few do). Zero where
// /proc is missing or PostgreSQL is not local; SQLite's work is in the server's own figure.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const MICROS_PER_TICK = 10_000;

export function postgresCpuMicros(): number {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      // Fields after the command: state is 3rd, utime 14th and stime 15th of the whole line.
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return ticks * MICROS_PER_TICK;
}
