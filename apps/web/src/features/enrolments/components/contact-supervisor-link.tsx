// A WhatsApp chat with the supervisor, the message prefilled with the course name. Without a support
// number the link is greyed out and titled 'not available' (spec: layout rule for missing links).
import { buttonClass } from '../../../components/ui/button';
import { catalogueMessages } from '../../../i18n/catalogue';
import { useContact, whatsAppLink } from '../../site/contact';

const t = catalogueMessages;

export function ContactSupervisorLink({
  courseName,
  label = t.enrolment.contactSupervisor,
  className = '',
}: {
  courseName: string;
  label?: string;
  className?: string;
}) {
  const { data: contact } = useContact();
  const href = whatsAppLink(contact?.whatsApp_Number, t.enrolment.whatsappMessage(courseName));
  if (!href) {
    return (
      <span
        className={buttonClass('secondary', `cursor-not-allowed opacity-70 ${className}`)}
        aria-disabled="true"
        title={t.common.notAvailable}
      >
        {label}
        <span className="sr-only"> ({t.common.notAvailable})</span>
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', className)}>
      <WhatsAppIcon />
      {label}
      <span className="sr-only"> {t.common.opensInNewTab}</span>
    </a>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z" />
    </svg>
  );
}
