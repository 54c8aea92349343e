// Spec (forgot password): three steps. The step follows the URL: an email query parameter means
// step 2, so a link from the code mail (or a reload) lands on the code form with the email filled.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { authMessages } from '../../../../i18n/auth';
import { AuthCard } from '../auth-card';
import { RequestCodeStep } from './request-code-step';
import { ResetDone } from './reset-done';
import { ResetStep } from './reset-step';
import { StepsIndicator } from './steps-indicator';

export function PasswordResetFlow({ startAt }: { startAt: 1 | 2 }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email')?.trim() ?? '';
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState(email);
  const step = doneFor !== null ? 3 : email || startAt === 2 ? 2 : 1;

  return (
    <AuthCard title={authMessages.forgotPassword.title}>
      <StepsIndicator current={step} />
      {step === 1 ? (
        <RequestCodeStep
          defaultEmail={lastEmail}
          onContinue={(next) => {
            setLastEmail(next);
            setParams({ email: next });
          }}
        />
      ) : step === 2 ? (
        <ResetStep
          key={email}
          email={email}
          onDone={setDoneFor}
          onRequestNewCode={() => {
            setLastEmail(email);
            if (startAt === 1) setParams({});
            else void navigate(paths.forgotPassword.getHref());
          }}
        />
      ) : (
        <ResetDone email={doneFor ?? ''} />
      )}
    </AuthCard>
  );
}
