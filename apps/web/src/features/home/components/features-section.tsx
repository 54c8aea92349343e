// 'What sets us apart': four cards (quizzes after each lesson, what to study, visual explanations,
// step-by-step support). Icons are inline SVG so the section costs no extra request.
import { useId } from 'react';
import { messages } from '../../../i18n/messages';

const t = messages.home.features;

const ICONS = [
  // quiz: a checklist
  'M9 5h10M9 12h10M9 19h10M4 5l1 1 2-2M4 12l1 1 2-2M4 19l1 1 2-2',
  // guidance: a compass
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5 5-2z',
  // visual: a play screen
  'M3 5h18v12H3zM10 9l4 2-4 2zM8 21h8',
  // support: steps
  'M4 20h4v-4h4v-4h4V8h4',
];

export function FeaturesSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-14">
      <h2 id={headingId} className="text-center text-2xl font-extrabold text-slate-900 md:text-3xl">
        {t.title}
      </h2>
      <p className="mt-2 text-center text-slate-700">{t.subtitle}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {t.items.map((item, index) => (
          <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <svg
                viewBox="0 0 24 24"
                className="size-7"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={ICONS[index]} />
              </svg>
            </span>
            <h3 className="mt-4 text-lg font-bold text-slate-900">{item.title}</h3>
            <p className="mt-2 leading-7 text-slate-700">{item.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
