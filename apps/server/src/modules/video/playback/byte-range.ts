// One `Range: bytes=…` of a stored file: what a player asks for when it seeks within a segment.

export type Range = { start: number; end: number };

/** The inclusive range asked for; null for the whole file; 'unsatisfiable' for one outside it. */
export function parseRange(header: string | undefined, size: number): Range | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or a unit other than bytes: answer the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
