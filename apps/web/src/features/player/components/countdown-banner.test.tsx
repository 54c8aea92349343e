import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountdownBanner } from './countdown-banner';

const NOW = new Date('2025-03-10T09:30:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

afterEach(() => {
  vi.useRealTimers();
});

function renderAt(msLeft: number) {
  vi.useFakeTimers({ now: NOW });
  render(<CountdownBanner endsAt={new Date(NOW.getTime() + msLeft)} />);
  return () => screen.getByTestId('countdown').textContent;
}

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('CountdownBanner', () => {
  it('shows days and hours, then hours, then minutes, then less than a minute, then ended', () => {
    const text = renderAt(2 * DAY + 3 * HOUR + 30_000);
    expect(text()).toBe('يومان و٣ ساعات');
    tick(DAY + 3 * HOUR);
    expect(text()).toBe('يوم واحد');
    tick(DAY - 2 * HOUR);
    expect(text()).toBe('ساعتان');
    tick(2 * HOUR - 11 * 60_000);
    expect(text()).toBe('١١ دقيقة');
    tick(10 * 60_000 + 40_000);
    expect(text()).toBe('أقل من دقيقة');
    tick(50_000);
    expect(text()).toBe('انتهى');
  });

  it('refreshes every second', () => {
    const text = renderAt(3 * 60_000 + 500);
    expect(text()).toBe('٣ دقائق');
    tick(999);
    expect(text()).toBe('٣ دقائق');
    tick(1);
    expect(text()).toBe('دقيقتان');
  });

  it('uses Arabic-Indic digits for larger counts', () => {
    const text = renderAt(13 * DAY + 11 * HOUR + 5 * 60_000);
    expect(text()).toBe('١٣ يومًا و١١ ساعة');
    expect(text()).not.toMatch(/[0-9]/);
  });

  it('turns orange in the last two days', () => {
    renderAt(3 * DAY);
    const banner = screen.getByRole('timer');
    expect(banner).toHaveClass('bg-sky-50');
    tick(DAY + 1000);
    expect(banner).toHaveClass('bg-orange-50');
  });
});
