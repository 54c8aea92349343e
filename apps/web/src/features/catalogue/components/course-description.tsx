// Spec: a description longer than 100 characters is clamped to 2 lines with a show-more toggle.
import { useId, useState } from 'react';
import { catalogueMessages } from '../../../i18n/catalogue';

export const DESCRIPTION_CLAMP_CHARS = 100;

const t = catalogueMessages.courseDetail;

export function CourseDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const trimmed = text.trim();
  if (!trimmed) return <p className="text-slate-600">{t.noDescription}</p>;
  const long = trimmed.length > DESCRIPTION_CLAMP_CHARS;
  return (
    <div>
      <p
        id={id}
        className={`leading-8 whitespace-pre-line text-slate-800 ${long && !expanded ? 'line-clamp-2' : ''}`}
        data-clamped={long && !expanded ? 'true' : undefined}
      >
        {trimmed}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 min-h-11 font-bold text-brand-800 underline underline-offset-4"
        >
          {expanded ? t.showLess : t.showMore}
        </button>
      ) : null}
    </div>
  );
}
