// Spec (grade choosers): Egypt shows three grade cards, Oman grades 4 to 12. Each card opens the
// grade's course list, passing the grade and country as navigation state; a button goes home.
import {
  countryLabelAr,
  gradeLabelAr,
  gradesOf,
  isCountry,
  toArabicDigits,
  type Country,
  type Grade,
} from '@app/domain';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { NotFoundContent } from '../components/not-found-content';
import { DocumentTitle } from '../../../components/ui/document-title';

const t = catalogueMessages.gradeChooser;

function GradeCard({ country, grade }: { country: Country; grade: Grade }) {
  return (
    <li>
      <Link
        to={paths.coursesByCountryGrade.getHref(country, grade)}
        state={{ grade, country }}
        className="flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
      >
        <span
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-xl font-extrabold text-brand-800"
          aria-hidden="true"
        >
          {toArabicDigits(grade.replace(/\D/g, ''))}
        </span>
        <span className="flex flex-col">
          <span className="text-lg font-bold text-slate-900">{gradeLabelAr(grade)}</span>
          <span className="text-sm font-semibold text-brand-800">{t.browse}</span>
        </span>
      </Link>
    </li>
  );
}

export function Component() {
  const { country } = useParams();
  const headingId = useId();
  if (!isCountry(country)) return <NotFoundContent />;
  const countryName = countryLabelAr(country);
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl px-4 py-10">
      <DocumentTitle screen={t.title(countryName)} />
      <h1 id={headingId} className="text-2xl font-extrabold text-slate-900 md:text-3xl">
        {t.title(countryName)}
      </h1>
      <p className="mt-2 text-slate-700">{t.subtitle}</p>
      <ul aria-label={t.gradesLabel(countryName)} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {gradesOf(country).map((grade) => (
          <GradeCard key={grade} country={country} grade={grade} />
        ))}
      </ul>
      <Link to={paths.home.getHref()} className={buttonClass('secondary', 'mt-10')}>
        {t.backHome}
      </Link>
    </section>
  );
}
