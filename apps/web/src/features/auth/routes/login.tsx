// Spec (login): banners after registration or email verification, or why the app sent the student
// here (an expired session, a unit code waiting, a page that needs login), then the form; success
// goes to 'from' (or home), replacing history.
import { useLocation, useNavigate, useSearchParams, Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { authMessages } from '../../../i18n/auth';
import { authStore } from '../../../lib/auth-store';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { readLoginState } from '../utils/login-state';
import { redirectTarget } from '../utils/redirect-target';

const t = authMessages.login;

/** Why the student is here, when the app sent them: 'reason' from the address, else a 'from' page. */
function reasonText(params: URLSearchParams, from: string | undefined): string | null {
  const reason = params.get('reason');
  if (reason === 'expired') return t.reasons.expired;
  if (reason === 'unit-code') return t.reasons.unitCode;
  return from ? t.reasons.protectedPage : null;
}

function Banner({
  params,
  registered,
  email,
  requiresConfirmation,
  reason,
}: {
  params: URLSearchParams;
  registered: boolean;
  email: string;
  requiresConfirmation: boolean;
  reason: string | null;
}) {
  const verified = params.get('verified');
  if (verified === '0') return <Alert tone="error">{t.verifyFailed}</Alert>;
  if (reason && verified === null && !registered) return <Alert tone="info">{reason}</Alert>;
  const title =
    verified === '1'
      ? t.verified
      : registered
        ? requiresConfirmation
          ? t.registeredConfirm
          : t.registered
        : null;
  if (!title) return null;
  return (
    <Alert tone="success" title={title}>
      {email ? (
        <p className="mt-1" dir="auto">
          {t.accountEmail(email)}
        </p>
      ) : null}
    </Alert>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = readLoginState(location.state);
  const email = state.email ?? params.get('email') ?? '';
  const registered = state.registered === true || params.get('registered') === '1';
  const from = redirectTarget(params.get('from'), state.from);
  const sentFrom = params.get('from') ?? state.from;

  return (
    <AuthCard
      title={t.title}
      subtitle={t.subtitle}
      footer={
        <>
          {t.noAccount}{' '}
          <Link
            to={paths.register.getHref()}
            className="font-bold text-brand-800 underline-offset-4 hover:underline"
          >
            {t.register}
          </Link>
        </>
      }
    >
      <div className="mb-4 empty:hidden">
        <Banner
          params={params}
          registered={registered}
          email={email}
          requiresConfirmation={state.requiresEmailConfirmation === true}
          reason={reasonText(params, sentFrom)}
        />
      </div>
      <LoginForm
        defaultEmail={email}
        onSuccess={(user, token) => {
          authStore.signIn(user, token);
          void navigate(from, { replace: true });
        }}
      />
    </AuthCard>
  );
}
