import type { ReactNode } from 'react';

type Tone = 'brand' | 'neutral' | 'success' | 'warning' | 'info' | 'danger';

// Dark text on a pale fill: every pair passes WCAG AA (4.5:1) for small text.
const TONES: Record<Tone, string> = {
  brand: 'bg-brand-100 text-brand-900',
  neutral: 'bg-slate-100 text-slate-800',
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-900',
  info: 'bg-sky-100 text-sky-900',
  danger: 'bg-red-100 text-red-900',
};

/** A small label; its meaning is always in its text, the colour only repeats it. */
export function Badge({
  tone = 'neutral',
  className = '',
  children,
}: {
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
