// The server children's resident memory during a window, read from /proc by this process (so the
// readings do not wait on a busy server's event loop): VmRSS sampled every 100 ms, and VmHWM after
// resetting each child's peak at the start (writing 5 to /proc/<pid>/clear_refs) where the kernel
// allows. Linux only: elsewhere the peak is null.
import { readFileSync, writeFileSync } from 'node:fs';

const SAMPLE_MS = 100;

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export type MemoryPeak = {
  /** MiB before the window, per child. */
  startMiB: (number | null)[];
  /** The highest MiB per child during the window (the larger of the sampled VmRSS and VmHWM). */
  peakMiB: (number | null)[];
  /** Sum of the children's peaks. */
  totalPeakMiB: number | null;
};

export function memoryWindow(pids: readonly number[]) {
  const peaks = pids.map(() => 0);
  let start: (number | null)[] = [];
  let timer: NodeJS.Timeout | null = null;
  /** Per child: whether its VmHWM was reset, so that it speaks of this window only. */
  let reset: boolean[] = [];
  const sample = () =>
    pids.forEach((pid, i) => {
      peaks[i] = Math.max(peaks[i]!, statusKiB(pid, 'VmRSS') ?? 0);
    });
  const mib = (kib: number | null) => (kib === null ? null : Math.round(kib / 1024));
  return {
    start() {
      start = pids.map((pid) => mib(statusKiB(pid, 'VmRSS')));
      reset = pids.map((pid) => {
        try {
          writeFileSync(`/proc/${pid}/clear_refs`, '5');
          return true;
        } catch {
          return false; // Not allowed here: the sampled VmRSS is the figure.
        }
      });
      sample();
      timer = setInterval(sample, SAMPLE_MS);
    },
    stop(): MemoryPeak {
      if (timer) clearInterval(timer);
      sample();
      const peakMiB = pids.map((pid, i) => {
        const highest = Math.max(peaks[i]!, reset[i] ? (statusKiB(pid, 'VmHWM') ?? 0) : 0);
        return highest > 0 ? mib(highest) : null;
      });
      const known = peakMiB.filter((value): value is number => value !== null);
      return {
        startMiB: start,
        peakMiB,
        totalPeakMiB: known.length === pids.length ? known.reduce((a, b) => a + b, 0) : null,
      };
    },
  };
}
