// Issue 15 follow-up: a screen that is still loading, or that failed, has a title of its own in the
// tab and the history, like every other screen, instead of the bare app name.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorFallback } from '../../app/error-fallback';
import { Spinner } from './spinner';

describe('titles of the in-between screens', () => {
  it('a whole screen loading is «جارٍ التحميل — منصة التعلم», with the label it was given', () => {
    const { rerender } = render(<Spinner fullPage />);
    expect(document.title).toBe('جارٍ التحميل — منصة التعلم');
    rerender(<Spinner fullPage label="جارٍ تحميل الكورسات..." />);
    expect(document.title).toBe('جارٍ تحميل الكورسات — منصة التعلم');
  });

  it('a spinner inside a screen leaves the screen its title', () => {
    document.title = 'كورساتي — منصة التعلم';
    render(<Spinner />);
    expect(document.title).toBe('كورساتي — منصة التعلم');
  });

  it('the error screen is «حدث خطأ ما — منصة التعلم»', () => {
    render(<ErrorFallback error={new Error('boom')} />);
    expect(document.title).toBe('حدث خطأ ما — منصة التعلم');
  });
});
