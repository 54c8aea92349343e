// Step 2: the emailed code, a new password and its confirmation → POST /api/Auth/ResetPassword.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { PasswordField, TextField } from '../../../../components/ui/field';
import { authMessages } from '../../../../i18n/auth';
import { resetPassword } from '../../api/auth-api';
import { resetPasswordSchema } from '../../schemas/reset-password';
import { errorText } from '../../utils/error-text';

const t = authMessages.forgotPassword;
const RESET_FAILED = 'Failed to reset password';

export function ResetStep({
  email,
  onDone,
  onRequestNewCode,
}: {
  email: string;
  onDone: (email: string) => void;
  onRequestNewCode: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email, otp: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({ mutationFn: resetPassword });
  const submit = form.handleSubmit((values) =>
    mutation.mutate(values, { onSuccess: () => onDone(values.email) }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-slate-700">{email ? t.resetIntro(email) : t.resetIntroNoEmail}</p>
      {mutation.isError ? <Alert tone="error">{errorText(mutation.error, RESET_FAILED)}</Alert> : null}
      {/* The email travels with the reset; it is editable only when the link did not bring it. */}
      {email ? (
        <input type="hidden" {...form.register('email')} />
      ) : (
        <TextField
          label={authMessages.fields.email}
          type="email"
          autoComplete="email"
          dir="ltr"
          error={errors.email?.message}
          {...form.register('email')}
        />
      )}
      <TextField
        label={t.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={6}
        error={errors.otp?.message}
        {...form.register('otp')}
      />
      <PasswordField
        label={t.newPassword}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordField
        label={t.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
        {mutation.isPending ? t.resetting : t.resetSubmit}
      </Button>
      <button
        type="button"
        onClick={onRequestNewCode}
        className="self-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {t.resendCode}
      </button>
    </form>
  );
}
