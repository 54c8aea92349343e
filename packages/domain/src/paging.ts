export const DEFAULT_PAGE_SIZE = 10;
/** Larger page sizes are clamped to this (API.md). */
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE_BUTTONS = 5;

export function clampPageSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(size)));
}

/** Number of pages holding `total` items; 0 when there are none. */
export function pageCount(total: number, size: number): number {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`page size must be a positive integer, got ${size}`);
  if (!Number.isInteger(total) || total < 0)
    throw new RangeError(`total must be a non-negative integer, got ${total}`);
  return Math.ceil(total / size);
}

/**
 * Up to `max` consecutive page numbers with the current page as near the middle as the ends allow,
 * e.g. page 4 of 10 → 2..6, page 1 → 1..5, page 10 → 6..10. A current page outside 1..totalPages
 * is treated as the nearest end.
 */
export function pageButtons(current: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  const pages = Math.max(0, Math.floor(totalPages));
  const count = Math.min(pages, Math.max(0, Math.floor(max)));
  if (count === 0) return [];
  const page = Math.min(pages, Math.max(1, Math.floor(current) || 1));
  const first = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
