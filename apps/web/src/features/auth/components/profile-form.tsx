// Profile settings (English, as the spec says): email read-only, name, grade of the user's country,
// an optional password change that needs the current password. Only changed fields are submitted.
import { countryOfGrade, gradesOf, normalizeGrade } from '@app/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, PasswordField, TextField } from '../../../components/ui/field';
import { authMessages } from '../../../i18n/auth';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/profile';
import { planProfileUpdate, type ProfileFormValues } from '../utils/profile-update';

const t = authMessages.profile;
const FIELDS = ['name', 'grade', 'currentPassword', 'newPassword', 'confirmPassword'] as const;
const isField = (key: string): key is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(key);

export type ProfileData = { email: string; name: string; grade: string };

export function ProfileForm({ profile }: { profile: ProfileData }) {
  // Stored grades are canonical ('Secondary2'); an older form ('2nd') is shown as its canonical value.
  const canonical = normalizeGrade(profile.grade);
  const [initial, setInitial] = useState({ name: profile.name, grade: canonical ?? profile.grade });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ProfileFormValues>({
    defaultValues: { ...initial, currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useUpdateProfile();

  const gradeOptions: readonly string[] = canonical ? gradesOf(countryOfGrade(canonical)) : [profile.grade];

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setSaved(null);
    const plan = planProfileUpdate(values, initial);
    if (!plan.ok) {
      for (const [field, message] of Object.entries(plan.fieldErrors)) {
        if (isField(field)) form.setError(field, { message });
      }
      setFormError(plan.formError ?? null);
      return;
    }
    mutation.mutate(plan.update, {
      onSuccess: (body) => {
        const next = {
          name: body.data?.name ?? values.name.trim(),
          grade: plan.update.grade ?? initial.grade,
        };
        setInitial(next);
        form.reset({ ...next, currentPassword: '', newPassword: '', confirmPassword: '' });
        setSaved(body.message ?? t.updated);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) {
          form.setError('currentPassword', { message: t.wrongCurrentPassword }, { shouldFocus: true });
          return;
        }
        const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
        for (const [field, message] of fieldErrors) if (isField(field)) form.setError(field, { message });
        const mapped = fieldErrors.some(([field]) => isField(field));
        if (!mapped) setFormError(error instanceof ApiError && !error.isNetwork ? error.message : t.failed);
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField label={t.email} type="email" value={profile.email} readOnly aria-readonly="true" />
      <TextField label={t.name} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <SelectField label={t.grade} error={errors.grade?.message} {...form.register('grade')}>
        {gradeOptions.map((value) => (
          <option key={value} value={value}>
            {t.gradeLabel(value)}
          </option>
        ))}
      </SelectField>
      {/* The heading inside the box (a floated legend), not across its top border. */}
      <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4">
        <legend className="float-start w-full font-bold text-slate-900">{t.changePassword}</legend>
        <PasswordField
          label={t.currentPassword}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label={t.newPassword}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordField
          label={t.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
      </fieldset>
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
        {mutation.isPending ? t.saving : t.save}
      </Button>
    </form>
  );
}
