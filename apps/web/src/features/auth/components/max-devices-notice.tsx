// Spec (login, max devices): a yellow notice with a retry button and a contact-support button that
// opens a WhatsApp chat prefilled with the student's email. Below it the way out when a device is
// gone (issue 15): the account's devices for the password, one signed out a week, then the login is
// tried again; and the reminder that a password reset signs out every device.
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { messages } from '../../../i18n/messages';
import { authMessages } from '../../../i18n/auth';
import { useContact, whatsAppLink } from '../../site/contact';
import { OwnDevices } from './own-devices';

const t = authMessages.login.maxDevices;

export function MaxDevicesNotice({
  email,
  onRetry,
  retrying,
}: {
  email: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { data: contact } = useContact();
  const chat = whatsAppLink(contact?.whatsApp_Number, messages.support.whatsappMessage(email || undefined));
  return (
    <div className="flex flex-col gap-3">
      <div role="alert" className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
        <p className="flex items-center gap-2 font-bold">
          <svg
            viewBox="0 0 24 24"
            className="size-5 shrink-0"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 3l10 18H2L12 3zM12 10v5M12 18h.01" />
          </svg>
          {t.title}
        </p>
        <p className="mt-1 text-sm leading-6">{t.body}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onRetry} disabled={retrying}>
            {t.retry}
          </Button>
          {chat ? (
            <a href={chat} target="_blank" rel="noopener noreferrer" className={buttonClass('success')}>
              {t.contactSupport}
            </a>
          ) : (
            <Button variant="success" disabled title={t.supportUnavailable}>
              {t.contactSupport}
            </Button>
          )}
        </div>
        {chat ? null : <p className="mt-2 text-xs">{t.supportUnavailable}</p>}
        <p className="mt-3 text-sm leading-6">{t.resetFreesAll}</p>
        <Link
          to={paths.forgotPassword.getHref(email.includes('@') ? email.trim() : undefined)}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
        >
          {t.resetLink}
        </Link>
      </div>
      <OwnDevices identifier={email} onSignedOut={onRetry} />
    </div>
  );
}
