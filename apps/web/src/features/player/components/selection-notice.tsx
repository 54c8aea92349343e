// Why the lesson the student asked for cannot be opened: a toast above the page (and above the
// curriculum drawer on phones), dismissed by the student or after NOTICE_MS.
import { useEffect } from 'react';
import { playerMessages } from '../../../i18n/player';
import { CrossIcon } from './icons';

const NOTICE_MS = 6000;

export function SelectionNotice({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);

  return (
    <div role="alert" className="fixed inset-x-3 bottom-4 z-50 mx-auto max-w-md">
      {message ? (
        <div className="flex items-start justify-between gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg">
          <p className="font-semibold">{message}</p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={playerMessages.selection.dismiss}
            className="grid size-8 shrink-0 place-items-center rounded-lg hover:bg-red-100"
          >
            <CrossIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
