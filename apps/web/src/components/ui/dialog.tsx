// A modal dialog: role=dialog + aria-modal, labelled by its title, focus moved inside on open, kept
// inside with Tab, returned to the opener on close; Escape and the backdrop close it. Closing plays
// a 200 ms fade before the dialog leaves the page.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

export const DIALOG_CLOSE_MS = 200;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Read after the title (e.g. 'step 1 of 3'). */
  description?: string;
  closeLabel: string;
  children: ReactNode;
};

export function Dialog(props: DialogProps) {
  const [mounted, setMounted] = useState(props.open);
  const [closing, setClosing] = useState(false);
  // Derived during render: an open request mounts at once; a close request starts the fade.
  if (props.open && (!mounted || closing)) {
    setMounted(true);
    setClosing(false);
  }
  if (!props.open && mounted && !closing) setClosing(true);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => {
      setMounted(false);
      setClosing(false);
    }, DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  if (!mounted) return null;
  return createPortal(<DialogPanel {...props} closing={closing} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  description,
  closeLabel,
  children,
  closing,
}: DialogProps & { closing: boolean }) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Read while rendering: the content's own effects may move focus before this component's run.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  // After the content's own effects, so the dialog's choice of first focus wins.
  useEffect(() => {
    const root = panel.current;
    if (root) (root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0] ?? root).focus();
  }, []);

  // Undone in the update that removes the dialog (a layout effect's cleanup runs before its nodes
  // leave the page), so focus goes straight back to the opener instead of falling to the body first.
  useLayoutEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className={`fixed inset-0 z-50 flex items-end justify-center p-0 transition-opacity duration-200 sm:items-center sm:p-4 ${
        closing ? 'opacity-0' : 'opacity-100 starting:opacity-0'
      }`}
      data-state={closing ? 'closing' : 'open'}
    >
      <div
        className="absolute inset-0 bg-slate-900/60"
        aria-hidden="true"
        onClick={() => onCloseRef.current()}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`relative max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl transition-transform duration-200 sm:max-w-md sm:rounded-2xl ${
          closing ? 'translate-y-4' : 'translate-y-0 starting:translate-y-4'
        }`}
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-extrabold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label={closeLabel}
            className="-me-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
