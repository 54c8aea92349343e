// The reset screen: step 2 for the email in its query string (then step 3).
import { PasswordResetFlow } from '../components/password-reset/password-reset-flow';

export function Component() {
  return <PasswordResetFlow startAt={2} />;
}
