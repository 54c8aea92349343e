import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { overloadNotice } from '../../lib/overload';
import { OverloadBanner } from './overload-banner';

describe('OverloadBanner', () => {
  it('says calmly that the read will be asked again, and goes once the wait has passed', () => {
    vi.useFakeTimers();
    render(<OverloadBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => overloadNotice.set({ kind: 'retrying', seconds: 5, until: Date.now() + 5_000 }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'الضغط على المنصة كبير الآن، سنحاول مرة أخرى خلال ٥ ثوانٍ',
    );

    act(() => {
      vi.advanceTimersByTime(4_999);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
    act(() => overloadNotice.set(null));
  });
});
