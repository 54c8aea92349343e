// A data table that stays usable on a 360 px phone: it scrolls sideways inside a focusable,
// labelled region (so a keyboard can scroll it too) while its first column stays in view. Its cell
// rules ship with the admin chunk (React hoists the <style> once), not in the students' stylesheet.
import type { ReactNode } from 'react';

const TABLE_CSS = `
.admin-table { border-collapse: separate; border-spacing: 0; }
.admin-table th, .admin-table td {
  padding: 0.75rem 1rem; text-align: start; vertical-align: top;
  border-bottom: 1px solid var(--color-slate-100, #f1f5f9);
}
.admin-table thead th { background: var(--color-slate-50, #f8fafc); }
.admin-table tr > :first-child {
  position: sticky; inset-inline-start: 0; z-index: 1; max-width: 14rem; background: #fff;
  border-inline-end: 1px solid var(--color-slate-200, #e2e8f0);
}
.admin-table thead tr > :first-child { background: var(--color-slate-50, #f8fafc); }`;

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
      <style href="admin-table" precedence="default">
        {TABLE_CSS}
      </style>
      <table className="admin-table w-full min-w-max text-sm">
        <thead className="text-slate-700">
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col" className="font-bold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** An email, phone or code: always left-to-right inside the Arabic text. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
