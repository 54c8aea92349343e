// The courses section's content (loaded lazily): one entry point per country, leading to its grades.
import type { Country } from '@app/domain';
import { countryLabelAr } from '@app/domain';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { messages } from '../../../i18n/messages';

const t = messages.home.courses;

// Decorative flag colours (top to bottom); the country name is always written next to them.
const COUNTRIES: { country: Country; stripes: string[] }[] = [
  { country: 'egypt', stripes: ['bg-red-600', 'bg-white', 'bg-slate-900'] },
  { country: 'oman', stripes: ['bg-white', 'bg-red-600', 'bg-green-700'] },
];

export default function CoursesSection() {
  return (
    <ul className="mt-8 grid gap-4 md:grid-cols-2">
      {COUNTRIES.map(({ country, stripes }) => (
        <li
          key={country}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span
            className="flex h-9 w-14 flex-col overflow-hidden rounded-md border border-slate-300"
            aria-hidden="true"
          >
            {stripes.map((stripe) => (
              <span key={stripe} className={`flex-1 ${stripe}`} />
            ))}
          </span>
          <h3 className="mt-4 text-xl font-extrabold text-slate-900">{countryLabelAr(country)}</h3>
          <p className="mt-1 text-slate-700">{t[country].grades}</p>
          <Link to={paths.grades.getHref(country)} className={buttonClass('primary', 'mt-5 self-start')}>
            {t[country].cta}
          </Link>
        </li>
      ))}
    </ul>
  );
}
