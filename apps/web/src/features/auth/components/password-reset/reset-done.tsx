import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button';
import { paths } from '../../../../config/paths';
import { authMessages } from '../../../../i18n/auth';

const t = authMessages.forgotPassword;

/** Step 3: the password is changed; log in with it. */
export function ResetDone({ email }: { email: string }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-green-300 bg-green-50 p-4 text-center text-green-900"
    >
      <p className="text-lg font-bold">{t.done}</p>
      <p className="mt-1 text-sm leading-6">{t.doneHint}</p>
      <Link
        to={paths.login.getHref({ email: email || undefined })}
        className={buttonClass('primary', 'mt-4 w-full')}
      >
        {t.goToLogin}
      </Link>
    </div>
  );
}
