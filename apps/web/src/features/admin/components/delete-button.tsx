// 'Delete' on a row, asking first (ConfirmAction with the delete wording); `refusal` says what a 409
// means for this item.
import type { ReactNode } from 'react';
import { adminMessages } from '../../../i18n/admin';
import { adminErrorText } from '../lib/error-text';
import { rowButton } from './button-styles';
import { ConfirmAction } from './confirm-action';

const t = adminMessages.common;

export function DeleteButton({
  label,
  title,
  body,
  refusal,
  action,
  onDone,
}: {
  /** The button's accessible name ('delete <name>'). */
  label: string;
  title: string;
  body: ReactNode;
  refusal?: string;
  action: () => Promise<unknown>;
  onDone?: () => void;
}) {
  return (
    <ConfirmAction
      className={rowButton('danger')}
      ariaLabel={label}
      title={title}
      body={body}
      confirmLabel={t.delete}
      pendingLabel={t.deleting}
      action={action}
      errorText={(error) => adminErrorText(error, refusal)}
      onDone={onDone}
    >
      {t.delete}
    </ConfirmAction>
  );
}
