import { render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        فتح
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="عنوان" closeLabel="إغلاق">
        <button type="button" onClick={() => setOpen(false)}>
          إلغاء
        </button>
      </Dialog>
    </>
  );
}

/** What the page looked like at the moment the dialog's node left it (not some time later). */
function whenRemoved(dialog: HTMLElement): Promise<{ focused: Element | null; overflow: string }> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (dialog.isConnected) return;
      observer.disconnect();
      resolve({ focused: document.activeElement, overflow: document.body.style.overflow });
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

describe('Dialog', () => {
  it('moves focus inside on open and locks the page behind it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'فتح' }));
    expect(screen.getByRole('button', { name: 'إغلاق' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('gives focus back to the opener and the page its scrolling in the same update that removes it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'فتح' });
    await user.click(opener);
    const removed = whenRemoved(screen.getByRole('dialog'));
    await user.click(screen.getByRole('button', { name: 'إلغاء' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    // Focus never falls to the page's body in between: a screen reader would announce the page anew.
    expect(await removed).toEqual({ focused: opener, overflow: '' });
  });
});
