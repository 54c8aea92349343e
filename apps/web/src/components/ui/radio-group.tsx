import { useId, type InputHTMLAttributes, type Ref } from 'react';

type Option = { value: string; label: string };

/** A labelled group of radio buttons (fieldset + legend) with its error announced. */
export function RadioGroup({
  legend,
  error,
  options,
  ref,
  ...inputProps
}: { legend: string; error?: string; options: readonly Option[]; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value'
>) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="block text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
          >
            <input
              type="radio"
              value={option.value}
              ref={ref}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-700"
              {...inputProps}
            />
            <span className="font-semibold text-slate-800">{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
