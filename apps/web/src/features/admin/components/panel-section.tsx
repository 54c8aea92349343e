// A titled part of a form (the lesson's uploaded video, its captions): a heading that names the
// region and a line that says what it is for.
import { useId, type ReactNode } from 'react';

export function PanelSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h2 id={id} className="font-bold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}
