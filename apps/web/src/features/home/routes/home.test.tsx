import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { STORAGE_KEYS } from '../../../lib/storage';
import { Component as Home } from './home';

function skipSplash() {
  sessionStorage.setItem(STORAGE_KEYS.splashSeen, '1');
}

function advance(ms: number) {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Home splash', () => {
  it('runs once per session: progress and status texts, ends at 1.5 s, page 300 ms later', () => {
    vi.useFakeTimers();
    renderRoute(<Home />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ التحميل...');
    expect(sessionStorage.getItem(STORAGE_KEYS.splashSeen)).toBe('1');

    advance(30); // +4 every 30 ms
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    advance(210); // 8 steps: 32
    expect(screen.getByRole('status')).toHaveTextContent('تجهيز المحتوى...');
    advance(300); // 18 steps: 72
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ التهيئة...');
    advance(240); // 26 steps: capped at 100
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('status')).toHaveTextContent('تم!');

    advance(720); // 1.5 s: the splash ends, the page is not shown yet
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    advance(299);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it("continues the page's own splash (painted before the app loaded) instead of starting again", () => {
    vi.useFakeTimers();
    // The app arrives 1.2 s after navigation; the page's splash has been on screen since its paint.
    vi.spyOn(performance, 'now').mockReturnValue(1200);
    document.documentElement.setAttribute('data-splash', '');
    try {
      renderRoute(<Home />);
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      // It ends 1.5 s after navigation (300 ms from now), and the page shows 300 ms after that.
      advance(599);
      expect(screen.getByRole('progressbar')).toBeInTheDocument();
      advance(1);
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    } finally {
      document.documentElement.removeAttribute('data-splash');
    }
  });

  it('does not make a returning visitor wait', () => {
    skipSplash();
    renderRoute(<Home />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('is skipped for people who prefer reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    renderRoute(<Home />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

describe('Home page', () => {
  it('shows the hero with links to the courses section and to registration, and the floating register button', () => {
    skipSplash();
    renderRoute(<Home />);
    expect(screen.getByRole('link', { name: 'تصفّح الكورسات' })).toHaveAttribute('href', '/#courses-section');
    expect(screen.getByRole('link', { name: 'أنشئ حسابك مجانًا' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'سجّل الآن' })).toHaveAttribute('href', '/register');
  });

  it('for a logged-in student links to my courses and hides the floating register button', () => {
    skipSplash();
    renderRoute(<Home />, { user: TEST_USER });
    expect(screen.getByRole('link', { name: 'كورساتي' })).toHaveAttribute('href', '/enrolled-courses');
    expect(screen.queryByRole('link', { name: 'سجّل الآن' })).not.toBeInTheDocument();
    expect(screen.queryByText('سجّل الدخول أولًا حتى تتمكن من إدخال كود المحاضرة.')).not.toBeInTheDocument();
  });

  it("has the four 'what sets us apart' cards", () => {
    skipSplash();
    renderRoute(<Home />);
    const section = screen.getByRole('region', { name: 'ما يميزنا' });
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['اختبارات بعد كل درس', 'توجيه لما تذاكره', 'شرح مرئي', 'دعم خطوة بخطوة']);
  });

  it('loads the courses section when it comes near the viewport, with the Egypt and Oman entry points', async () => {
    skipSplash();
    let reveal: (() => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          reveal = () => callback([{ isIntersecting: true }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = renderRoute(<Home />);
    const section = container.querySelector('#courses-section')!;
    expect(section).toBeInTheDocument();
    expect(within(section as HTMLElement).queryByRole('link')).not.toBeInTheDocument();

    void act(() => reveal!());
    expect(await screen.findByRole('link', { name: 'كورسات مصر' })).toHaveAttribute('href', '/grades/egypt');
    expect(screen.getByRole('link', { name: 'كورسات عُمان' })).toHaveAttribute('href', '/grades/oman');
  });

  it('has the unit-code box', () => {
    skipSplash();
    renderRoute(<Home />);
    expect(screen.getByRole('region', { name: 'عندك كود محاضرة؟' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'كود المحاضرة' })).toBeInTheDocument();
  });
});
