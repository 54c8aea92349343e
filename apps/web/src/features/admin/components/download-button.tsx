// Fetches a CSV export with the admin's token and saves it; a failure is said next to the button.
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { adminMessages } from '../../../i18n/admin';

const t = adminMessages.common;

/** `label`: the button's text when it is not a plain CSV download. */
export function DownloadButton({
  download,
  label = t.downloadCsv,
}: {
  download: () => Promise<void>;
  label?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function run() {
    setState('busy');
    try {
      await download();
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        disabled={state === 'busy'}
        aria-busy={state === 'busy' || undefined}
        onClick={() => void run()}
      >
        {state === 'busy' ? t.downloading : label}
      </Button>
      {state === 'failed' ? (
        <span role="alert" className="text-sm text-red-700">
          {t.downloadFailed}
        </span>
      ) : null}
    </span>
  );
}
