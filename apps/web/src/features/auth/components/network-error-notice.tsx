// Spec (errors): network or CORS-like failures show the message, a hint box and a Try Again button.
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { localizeServerMessage } from '../../../i18n/messages';
import { authMessages } from '../../../i18n/auth';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

const t = authMessages.fields;

export function NetworkErrorNotice({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="error">{localizeServerMessage(NETWORK_ERROR_MESSAGE)}</Alert>
      <div className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800">
        <p className="font-bold">{t.networkHint.title}</p>
        <ul className="mt-2 list-disc space-y-1 ps-5">
          {t.networkHint.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Button variant="secondary" className="mt-3" onClick={onRetry} disabled={retrying}>
          {t.tryAgain}
        </Button>
      </div>
    </div>
  );
}
