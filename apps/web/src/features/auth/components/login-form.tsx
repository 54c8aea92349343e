// Login: email-or-mobile and password. Failures: device limit (yellow notice, retry, support chat),
// unconfirmed email, network (hint box, try again), otherwise the server's message or 'Login failed'.
import { TEXT_LIMITS } from '@app/domain';
import type { User } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { localizeServerMessage, tooManyAttemptsText } from '../../../i18n/messages';
import { authMessages } from '../../../i18n/auth';
import { login } from '../api/auth-api';
import { loginFormSchema } from '../schemas/login';
import { classifyLoginError, LOGIN_FAILED } from '../utils/login-outcome';
import { MaxDevicesNotice } from './max-devices-notice';
import { NetworkErrorNotice } from './network-error-notice';

const t = authMessages.login;

function Failure({
  error,
  email,
  retry,
  retrying,
}: {
  error: unknown;
  email: string;
  retry: () => void;
  retrying: boolean;
}) {
  const failure = classifyLoginError(error);
  switch (failure.kind) {
    case 'max-devices':
      return <MaxDevicesNotice email={email} onRetry={retry} retrying={retrying} />;
    case 'unconfirmed-email':
      return (
        <Alert tone="warning" title={t.unconfirmed.title}>
          <p className="mt-1">{t.unconfirmed.body}</p>
        </Alert>
      );
    case 'network':
      return <NetworkErrorNotice onRetry={retry} retrying={retrying} />;
    case 'too-many':
      return <Alert tone="error">{tooManyAttemptsText(failure.retryAfterSeconds)}</Alert>;
    case 'other':
      return <Alert tone="error">{localizeServerMessage(failure.message)}</Alert>;
  }
}

export function LoginForm({
  defaultEmail = '',
  onSuccess,
}: {
  defaultEmail?: string;
  onSuccess: (user: User, token: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { EmailorMobile: defaultEmail, password: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({ mutationFn: login });

  const submit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (body) => {
        if (body.data) onSuccess(body.data.user, body.data.token);
        else mutation.reset();
      },
    });
  });
  const retry = () => void submit();

  // The failure stands outside the form: the device-limit notice holds a form of its own.
  return (
    <div className="flex flex-col gap-4">
      {mutation.isError ? (
        <Failure
          error={mutation.error}
          email={form.getValues('EmailorMobile')}
          retry={retry}
          retrying={mutation.isPending}
        />
      ) : null}
      {mutation.isSuccess && !mutation.data.data ? (
        <Alert tone="error">{localizeServerMessage(LOGIN_FAILED)}</Alert>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label={t.emailOrMobile}
          autoComplete="username"
          dir="ltr"
          maxLength={TEXT_LIMITS.email}
          error={errors.EmailorMobile?.message}
          {...form.register('EmailorMobile')}
        />
        <PasswordField
          label={authMessages.fields.password}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Link
          to={paths.forgotPassword.getHref()}
          className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {t.forgotPassword}
        </Link>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? t.submitting : t.submit}
        </Button>
      </form>
    </div>
  );
}
