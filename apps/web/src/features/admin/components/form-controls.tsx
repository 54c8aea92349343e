// The admin forms' controls that the shared field set lacks: a text area, a checkbox and a file
// picker, each labelled, with its hint and its error announced like ui/field's.
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { adminMessages } from '../../../i18n/admin';

const controlClass =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-600';

type Described = { label: string; error?: string; hint?: ReactNode };
/** What a control needs to be labelled and described. */
type Wiring = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A label above its control, then the error (announced) or else the hint under it. */
function Labelled({
  label,
  error,
  hint,
  inline = false,
  children,
}: Described & { inline?: boolean; children: (wiring: Wiring) => ReactNode }) {
  const id = useId();
  const wiring: Wiring = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  return (
    <div>
      {inline ? (
        <label
          htmlFor={id}
          className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-800"
        >
          {children(wiring)}
          {label}
        </label>
      ) : (
        <>
          <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
            {label}
          </label>
          {children(wiring)}
        </>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...props
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Labelled label={label} error={error} hint={hint}>
      {(wiring) => <textarea rows={4} className={controlClass} {...wiring} {...props} />}
    </Labelled>
  );
}

export function CheckboxField({
  label,
  error,
  hint,
  ...props
}: Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <Labelled label={label} error={error} hint={hint} inline>
      {(wiring) => <input type="checkbox" className="size-5 accent-brand-700" {...wiring} {...props} />}
    </Labelled>
  );
}

/** A file picker in Arabic (the browser's own button speaks its UI language): the input is visually
 * hidden but focusable, and its styled label shows focus and the chosen file's name. */
export function FileField({
  label,
  error,
  hint,
  onChange,
  ...props
}: Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Labelled label={label} error={error} hint={hint}>
      {(wiring) => (
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <input
            type="file"
            className="peer sr-only"
            onChange={(event) => {
              setChosen(event.target.files?.[0]?.name ?? null);
              onChange?.(event);
            }}
            {...wiring}
            {...props}
          />
          <label
            htmlFor={wiring.id}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-xl border border-brand-700 bg-white px-4 font-semibold text-brand-800 peer-focus-visible:ring-3 peer-focus-visible:ring-brand-500 hover:bg-brand-50"
          >
            {adminMessages.common.chooseFile}
          </label>
          <span className="min-w-0 text-sm break-all text-slate-700" dir="auto">
            {chosen ?? adminMessages.common.noFile}
          </span>
        </div>
      )}
    </Labelled>
  );
}
