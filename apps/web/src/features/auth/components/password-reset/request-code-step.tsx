// Step 1: the email; on success a green panel whose button continues to step 2.
import { TEXT_LIMITS } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/field';
import { paths } from '../../../../config/paths';
import { localizeServerMessage } from '../../../../i18n/messages';
import { authMessages } from '../../../../i18n/auth';
import { forgotPassword } from '../../api/auth-api';
import { requestCodeSchema } from '../../schemas/reset-password';
import { errorText } from '../../utils/error-text';

const t = authMessages.forgotPassword;
const SEND_FAILED = 'Failed to send password reset OTP';

export function RequestCodeStep({
  defaultEmail = '',
  onContinue,
}: {
  defaultEmail?: string;
  onContinue: (email: string) => void;
}) {
  const form = useForm({ resolver: zodResolver(requestCodeSchema), defaultValues: { email: defaultEmail } });
  const mutation = useMutation({ mutationFn: forgotPassword });
  const submit = form.handleSubmit(({ email }) => mutation.mutate(email));

  if (mutation.isSuccess) {
    const email = mutation.variables;
    return (
      <div role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 text-green-900">
        <p className="font-bold">{localizeServerMessage(mutation.data.message ?? t.codeSent)}</p>
        <p className="mt-1 text-sm leading-6">{t.codeSentHint}</p>
        <Button variant="success" className="mt-4 w-full" onClick={() => onContinue(email)}>
          {t.continue}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-slate-700">{t.requestIntro}</p>
      {mutation.isError ? <Alert tone="error">{errorText(mutation.error, SEND_FAILED)}</Alert> : null}
      <TextField
        label={authMessages.fields.email}
        type="email"
        autoComplete="email"
        dir="ltr"
        maxLength={TEXT_LIMITS.email}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
        {mutation.isPending ? (
          <>
            <span
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              aria-hidden="true"
            />
            {t.sending}
          </>
        ) : (
          t.sendCode
        )}
      </Button>
      <Link
        to={paths.login.getHref()}
        className="self-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {t.backToLogin}
      </Link>
    </form>
  );
}
