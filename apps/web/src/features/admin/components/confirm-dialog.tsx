// 'Are you sure?' for destructive actions, in the app's focus-trapped dialog. The confirm button
// shows progress; a failure is written inside the dialog so the admin can read it and cancel.
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { adminMessages } from '../../../i18n/admin';

const t = adminMessages.common;

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel = t.saving,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t.close}>
      <div className="space-y-4">
        <div className="text-slate-700">{children}</div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose} data-autofocus="">
            {t.cancel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
