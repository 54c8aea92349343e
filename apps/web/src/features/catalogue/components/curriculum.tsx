// Spec (course detail, curriculum): the units of the course, the first expanded at first; each unit
// toggles to show its lessons, marked 'video lesson' or 'quiz' in words and with an icon.
import type { CourseTree, LessonRef } from '@app/contract';
import { toArabicDigits } from '@app/domain';
import { useId, useState } from 'react';
import { catalogueMessages } from '../../../i18n/catalogue';

const t = catalogueMessages.courseDetail;

function LessonIcon({ type }: { type: LessonRef['type'] }) {
  return (
    <span
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg ${
        type === 'Video' ? 'bg-sky-100 text-sky-800' : 'bg-amber-100 text-amber-800'
      }`}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {type === 'Video' ? (
          <path d="M5 4.5v15l13-7.5z" />
        ) : (
          <path d="M9 5h10M9 12h10M9 19h10M4 5l1 1 2-2M4 12l1 1 2-2M4 19l1 1 2-2" />
        )}
      </svg>
    </span>
  );
}

function Unit({
  unit,
  index,
  initiallyOpen,
}: {
  unit: CourseTree['units'][number];
  index: number;
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-start hover:bg-slate-50"
        >
          <span
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            aria-hidden="true"
          >
            {toArabicDigits(index + 1)}
          </span>
          <span className="flex flex-1 flex-col">
            <span className="font-bold text-slate-900">{unit.unitName}</span>
            <span className="text-sm text-slate-600">
              {t.unitLessons(toArabicDigits(unit.lessons.length))}
            </span>
          </span>
          <svg
            viewBox="0 0 24 24"
            className={`size-5 shrink-0 text-slate-600 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-slate-100">
        {unit.lessons.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-600">{t.noLessons}</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {unit.lessons.map((lesson) => (
              <li key={lesson.id} className="flex items-center gap-3 px-4 py-3">
                <LessonIcon type={lesson.type} />
                <span className="flex flex-col">
                  <span className="font-semibold text-slate-900">{lesson.lessonName}</span>
                  <span className="text-sm text-slate-600">
                    {lesson.type === 'Video' ? t.videoLesson : t.quiz}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </li>
  );
}

export function Curriculum({ tree }: { tree: CourseTree }) {
  if (tree.units.length === 0) return <p className="text-slate-700">{t.noUnits}</p>;
  return (
    <ol className="space-y-3">
      {tree.units.map((unit, index) => (
        <Unit key={unit.id} unit={unit} index={index} initiallyOpen={index === 0} />
      ))}
    </ol>
  );
}
