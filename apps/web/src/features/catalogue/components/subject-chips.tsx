// Client-side subject filter: 'all' plus one toggle per subject (already in Arabic order). The
// pressed chip is marked by aria-pressed, a check mark and its fill, not by colour alone.
import { catalogueMessages } from '../../../i18n/catalogue';

const t = catalogueMessages.courseList;

export function SubjectChips({
  subjects,
  selected,
  onSelect,
}: {
  subjects: string[];
  selected: string | null;
  onSelect: (subject: string | null) => void;
}) {
  const chip = (label: string, value: string | null) => {
    const pressed = selected === value;
    return (
      <li key={value ?? ''}>
        <button
          type="button"
          aria-pressed={pressed}
          onClick={() => onSelect(value)}
          className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 font-semibold transition-colors ${
            pressed
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'
          }`}
        >
          {pressed ? (
            <svg
              viewBox="0 0 24 24"
              className="size-4"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
            >
              <path d="M20 6 9 17l-5-5" />
            </svg>
          ) : null}
          {label}
        </button>
      </li>
    );
  };
  return (
    <div role="group" aria-label={t.subjects}>
      <ul className="flex flex-wrap gap-2">
        {chip(t.allSubjects, null)}
        {subjects.map((subject) => chip(subject, subject))}
      </ul>
    </div>
  );
}
