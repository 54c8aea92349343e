// A data table that stays usable on a 360 px phone: it scrolls sideways inside a focusable,
// labelled region (so a keyboard can scroll it too) while its first column stays in view.
import type { ReactNode } from 'react';

export function AdminTable({
  label,
  head,
  children,
}: {
  label: string;
  head: ReactNode[];
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-max border-separate border-spacing-0 text-start text-sm [&_tr>*]:border-b [&_tr>*]:border-slate-100 [&_tr>*:first-child]:sticky [&_tr>*:first-child]:start-0 [&_tr>*:first-child]:z-10 [&_tr>*:first-child]:max-w-56 [&_tr>*:first-child]:border-e [&_tr>*:first-child]:border-e-slate-200 [&_tr>*:first-child]:bg-white">
        <thead className="text-slate-700 [&_th]:bg-slate-50">
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col" className="px-4 py-3 text-start font-bold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&_td]:px-4 [&_td]:py-3 [&_td]:align-top [&_th]:px-4 [&_th]:py-3 [&_th]:text-start [&_th]:align-top">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** An email, phone or code: always left-to-right inside the Arabic text. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
