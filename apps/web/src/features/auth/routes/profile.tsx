// Profile settings (protected). Its texts are English, so its container says so (lang, direction).
import { DocumentTitle } from '../../../components/ui/document-title';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { authMessages } from '../../../i18n/auth';
import { useProfile } from '../api/profile';
import { ProfileForm } from '../components/profile-form';
import { useAuth } from '../hooks/use-auth';
import { useLogout } from '../hooks/use-logout';

const t = authMessages.profile;

export function Component() {
  const { user } = useAuth();
  const logout = useLogout();
  const query = useProfile();
  // If the profile cannot be loaded, the stored user still lets the student edit their name and grade.
  const profile = query.data ?? (query.isError && user ? { ...user, grade: user.academicYear } : null);

  return (
    <section lang="en" dir="ltr" className="mx-auto w-full max-w-xl px-4 py-8 md:py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <DocumentTitle screen={t.title} />
          <h1 className="text-2xl font-extrabold text-slate-900">{t.title}</h1>
          <Button variant="danger" onClick={() => void logout()}>
            {t.logout}
          </Button>
        </div>
        {profile ? <ProfileForm key={profile.id} profile={profile} /> : <Spinner label={t.loading} />}
      </div>
    </section>
  );
}
