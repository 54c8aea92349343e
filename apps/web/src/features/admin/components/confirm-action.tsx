// A button that asks first: it opens a ConfirmDialog, runs the action on confirm, and closes on
// success; on failure the dialog stays open with the Arabic reason.
import { useState, type ReactNode } from 'react';
import { adminErrorText } from '../lib/error-text';
import { ConfirmDialog } from './confirm-dialog';

export function ConfirmAction({
  children,
  ariaLabel,
  className,
  title,
  body,
  confirmLabel,
  pendingLabel,
  action,
  errorText = adminErrorText,
  onDone,
  disabled = false,
}: {
  /** The button's text. */
  children: ReactNode;
  ariaLabel?: string;
  className: string;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  action: () => Promise<unknown>;
  errorText?: (error: unknown) => string;
  onDone?: () => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await action();
      setOpen(false);
      onDone?.();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {children}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        error={error}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
      >
        {body}
      </ConfirmDialog>
    </>
  );
}
