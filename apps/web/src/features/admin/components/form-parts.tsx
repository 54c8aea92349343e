// The top and bottom of every admin form: the server's refusal in Arabic, and the submit button
// that shows progress. `wide` spans both columns of a two-column form.
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { adminMessages } from '../../../i18n/admin';
import { adminErrorText } from '../lib/error-text';

const span = (wide: boolean) => (wide ? 'md:col-span-2' : undefined);

export function FormError({
  error,
  conflict,
  wide = false,
}: {
  error: unknown;
  conflict?: string;
  wide?: boolean;
}) {
  if (!error) return null;
  return (
    <div className={span(wide)}>
      <Alert tone="error">{adminErrorText(error, conflict)}</Alert>
    </div>
  );
}

export function SubmitButton({
  pending,
  label = adminMessages.common.save,
  pendingLabel = adminMessages.common.saving,
  wide = false,
}: {
  pending: boolean;
  label?: string;
  pendingLabel?: string;
  wide?: boolean;
}) {
  return (
    <div className={span(wide)}>
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
