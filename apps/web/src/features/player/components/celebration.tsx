// The cheer shown for CELEBRATION_MS after a lesson is completed.
import { playerMessages } from '../../../i18n/player';
import { CheckIcon } from './icons';

export function Celebration({ visible }: { visible: boolean }) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none">
      {visible ? (
        <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/30 p-4">
          <div className="rounded-3xl bg-white px-8 py-6 text-center shadow-2xl">
            <span className="mx-auto grid size-16 place-items-center rounded-full bg-green-100 text-green-700">
              <CheckIcon className="size-9" />
            </span>
            <p className="mt-3 text-2xl font-extrabold text-slate-900">{playerMessages.celebration.title}</p>
            <p className="mt-1 text-slate-700">{playerMessages.celebration.body}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
