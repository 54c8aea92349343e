import { PasswordResetFlow } from '../components/password-reset/password-reset-flow';

export function Component() {
  return <PasswordResetFlow startAt={1} />;
}
