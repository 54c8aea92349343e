// The footer on every page: the school's links from the server, a missing one greyed out and titled
// 'not available' (spec, Layout), and the year in Arabic-Indic digits like every other number.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';
import { Footer } from './footer';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Footer', () => {
  it('links what the school has, greys out what it lacks, and writes the year in Arabic-Indic digits', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-07T10:00:00Z') });
    stubFetch(() =>
      envelope(200, null, [
        {
          whatsApp_Number: '+20 100 000 0000',
          facebook_Page: 'https://facebook.com/school',
          youTube_Channel: null,
          tiktokChannel: null,
        },
      ]),
    );
    renderRoute(<Footer />);

    expect(await screen.findByRole('link', { name: 'فيسبوك' })).toHaveAttribute(
      'href',
      'https://facebook.com/school',
    );
    expect(screen.getByRole('link', { name: 'واتساب' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/201000000000\?text=/),
    );
    const youtube = screen.getByText('يوتيوب', { exact: false }).closest('[aria-disabled]');
    expect(youtube).toHaveAttribute('title', 'غير متاح');
    expect(screen.queryByRole('link', { name: /يوتيوب|تيك توك/ })).toBeNull();
    expect(screen.getByText('© ٢٠٢٦ منصة التعلم. جميع الحقوق محفوظة.')).toBeInTheDocument();
  });
});
