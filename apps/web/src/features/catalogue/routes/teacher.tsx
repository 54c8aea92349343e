// Spec (teacher profile page): photo, title, credentials, teaching methods and a call to action
// (the courses section, and a WhatsApp chat when the school has a number).
import type { Teacher } from '@app/contract';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { ApiError } from '../../../lib/api-client';
import { useContact, whatsAppLink } from '../../site/contact';
import { useTeacher } from '../api/get-teacher';
import { NotFoundContent } from '../components/not-found-content';
import { TeacherAvatar } from '../components/teacher-avatar';
import { DocumentTitle } from '../../../components/ui/document-title';

const t = catalogueMessages.teacher;

export function Component() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundContent title={t.notFound} />;
  return <TeacherPage key={id} id={id} />;
}

function TeacherPage({ id }: { id: number }) {
  const teacher = useTeacher(id);
  if (teacher.isPending) return <Spinner fullPage label={t.loading} />;
  if (teacher.isError) {
    if (teacher.error instanceof ApiError && teacher.error.status === 404)
      return <NotFoundContent title={t.notFound} />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <StateMessage
          tone="error"
          title={t.error}
          action={
            <Button onClick={() => void teacher.refetch()} disabled={teacher.isFetching}>
              {catalogueMessages.common.retry}
            </Button>
          }
        />
      </div>
    );
  }
  return <TeacherProfile teacher={teacher.data} />;
}

function ListSection({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-extrabold text-slate-900">{title}</h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-3 text-slate-800">
            <svg
              viewBox="0 0 24 24"
              className="mt-1 size-5 shrink-0 text-brand-700"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            >
              <path d="M20 6 9 17l-5-5" />
            </svg>
            <span className="leading-7">{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TeacherProfile({ teacher }: { teacher: Teacher }) {
  const { data: contact } = useContact();
  const chat = whatsAppLink(contact?.whatsApp_Number, t.whatsappMessage(teacher.name));
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <DocumentTitle screen={teacher.name} />
      <header className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-start">
        <TeacherAvatar
          name={teacher.name}
          photoUrl={teacher.photoUrl}
          alt={t.photo(teacher.name)}
          size="size-32"
        />
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900 md:text-3xl">{teacher.name}</h1>
          <p className="mt-2 text-lg font-semibold text-brand-800">{teacher.title}</p>
        </div>
      </header>
      {teacher.bio ? (
        <section className="mt-8">
          <h2 className="text-xl font-extrabold text-slate-900">{t.bio}</h2>
          <p className="mt-3 leading-8 text-slate-800">{teacher.bio}</p>
        </section>
      ) : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <ListSection title={t.credentials} items={teacher.credentials} />
        <ListSection title={t.methods} items={teacher.methods} />
      </div>
      <section className="mt-10 rounded-2xl bg-brand-800 p-6 text-center text-white md:p-10">
        <h2 className="text-2xl font-extrabold">{t.ctaTitle}</h2>
        <p className="mt-2 text-brand-50">{t.ctaBody}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.coursesSection.getHref()} className={buttonClass('secondary', 'border-white')}>
            {t.browseCourses}
          </Link>
          {chat ? (
            <a
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('success', 'border border-white')}
            >
              {t.contact}
              <span className="sr-only"> {catalogueMessages.common.opensInNewTab}</span>
            </a>
          ) : null}
        </div>
      </section>
    </div>
  );
}
