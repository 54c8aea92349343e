// A stale chunk after a release (issue 15): «Failed to fetch dynamically imported module: …» was shown
// as it was. The page reloads once per address; a second failure shows the Arabic error screen.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { chunkLoaded, reloadOnceForChunk } from './chunk-errors';
import { ErrorFallback } from './error-fallback';

const stale = new TypeError(
  'Failed to fetch dynamically imported module: https://school.example/assets/about-Cq1x.js',
);

describe('a screen chunk that failed to load', () => {
  it('reloads the page once for an address, then lets the error screen show', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(stale, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.chunkReloadedAt)).toBe('/');
    // After the reload the same chunk failed again: no second reload, no loop.
    expect(reloadOnceForChunk(stale, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Once a chunk arrives, a later release may reload again.
    chunkLoaded();
    expect(reloadOnceForChunk(stale, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for an error that is not a chunk', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(new Error('Cannot read properties of undefined'), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('is told in Arabic on the error screen, not in the browser’s words', () => {
    render(<ErrorFallback error={stale} />);
    expect(screen.getByRole('alert')).toHaveTextContent('تعذّر تحميل هذه الصفحة: ربما صدر تحديث جديد للمنصة');
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
  });
});
