import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'success';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary:
    'border border-brand-700 text-brand-800 bg-white hover:bg-brand-50 disabled:text-slate-400 disabled:border-slate-300',
  ghost: 'text-brand-800 hover:bg-brand-50 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  success: 'bg-green-700 text-white hover:bg-green-800 disabled:bg-slate-400',
};

export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2 font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  // A submit button of a prerendered page is off until the app has taken the page over: before
  // that, a submission would be the browser's own, a GET with the form's fields (a password) in the
  // address.
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || (type === 'submit' && !hydrated)}
      {...props}
    />
  );
}
