// Footer with the school's contact and social links; a missing link is greyed out, titled 'not available'.
import { useContact, whatsAppLink } from '../../features/site/contact';
import { messages } from '../../i18n/messages';

const t = messages.footer;

function ContactLink({ href, label }: { href: string | null; label: string }) {
  if (!href) {
    return (
      <span className="cursor-not-allowed text-slate-400" title={t.notAvailable} aria-disabled="true">
        {label}
        <span className="sr-only"> ({t.notAvailable})</span>
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-slate-200 underline-offset-4 hover:text-white hover:underline"
    >
      {label}
    </a>
  );
}

export function Footer() {
  const { data: contact } = useContact();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="text-lg font-bold text-white">{messages.app.name}</p>
          <p className="text-sm">{messages.app.tagline}</p>
        </div>
        <div>
          <h2 className="mb-2 text-sm font-bold text-white">{t.contact}</h2>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <ContactLink
                href={whatsAppLink(contact?.whatsApp_Number, messages.support.whatsappMessage())}
                label={t.whatsapp}
              />
            </li>
            <li>
              <ContactLink href={contact?.facebook_Page ?? null} label={t.facebook} />
            </li>
            <li>
              <ContactLink href={contact?.youTube_Channel ?? null} label={t.youtube} />
            </li>
            <li>
              <ContactLink href={contact?.tiktokChannel ?? null} label={t.tiktok} />
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t.rights(new Date().getFullYear())}
      </p>
    </footer>
  );
}
