import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

import { TEXT_LIMITS } from '@app/domain';
import { useHydrated } from '../../lib/use-hydrated';

const inputClass =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

type FieldProps = { label: string; error?: string; hint?: ReactNode };

/** A labelled input with its error announced to screen readers. */
export function TextField({
  label,
  error,
  hint,
  id,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  // In a prerendered page, read-only until the app has taken it over: the app's render would not
  // keep what was typed into the static page.
  const hydrated = useHydrated();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const showHint = Boolean(hint) && !error;
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : showHint ? hintId : undefined}
        {...props}
        readOnly={!hydrated || props.readOnly}
      />
      {showHint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input: masked, written left to right, and with the autocomplete hint password
 * managers need to tell a sign-in from a new password. */
export function PasswordField(
  props: FieldProps &
    Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'dir' | 'autoComplete'> & {
      autoComplete: 'current-password' | 'new-password';
    },
) {
  // The contract's longest password: typing stops there instead of meeting the server's refusal.
  return <TextField type="password" dir="ltr" maxLength={TEXT_LIMITS.password} {...props} />;
}

export function SelectField({
  label,
  error,
  id,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div>
      <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={selectId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
