import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authMessages } from '../../../i18n/auth';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import type { LoginLocationState } from '../utils/login-state';

const t = authMessages.register;

export function Component() {
  const navigate = useNavigate();
  return (
    <AuthCard
      wide
      title={t.title}
      subtitle={t.subtitle}
      footer={
        <>
          {t.haveAccount}{' '}
          <Link
            to={paths.login.getHref()}
            className="font-bold text-brand-800 underline-offset-4 hover:underline"
          >
            {t.login}
          </Link>
        </>
      }
    >
      <RegisterForm
        onRegistered={({ email, requiresEmailConfirmation }) => {
          const state: LoginLocationState = { registered: true, email, requiresEmailConfirmation };
          void navigate(paths.login.getHref({ email }), { state });
        }}
      />
    </AuthCard>
  );
}
