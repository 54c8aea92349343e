// Registration (spec: entities, validation). The country only picks the grade list and is not sent;
// the grade stays disabled until a country is chosen and is cleared when the country changes.
import { COUNTRIES, countryLabelAr, gradeLabelAr, gradesOf, isCountry, TEXT_LIMITS } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, PasswordField, TextField } from '../../../components/ui/field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { localizeServerMessage } from '../../../i18n/messages';
import { authMessages } from '../../../i18n/auth';
import { ApiError } from '../../../lib/api-client';
import { register as registerAccount } from '../api/auth-api';
import {
  EMPTY_REGISTER_FORM,
  registerFormSchema,
  SERVER_FIELDS,
  toRegisterRequest,
  type RegisterFormValues,
} from '../schemas/register';
import { errorText } from '../utils/error-text';
import { NetworkErrorNotice } from './network-error-notice';

const t = authMessages.register;
const REGISTRATION_FAILED = 'Registration failed';

/** 409s carry no field: the message says which one. */
const CONFLICT_FIELDS: Record<string, keyof RegisterFormValues> = {
  'Email is already registered': 'email',
  'Phone number is already registered': 'phone',
};

export type Registered = { email: string; requiresEmailConfirmation: boolean };

export function RegisterForm({ onRegistered }: { onRegistered: (result: Registered) => void }) {
  const form = useForm({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY_REGISTER_FORM });
  const { errors } = form.formState;
  const [onFields, setOnFields] = useState(false);
  const country = useWatch({ control: form.control, name: 'country' });

  const mutation = useMutation({
    mutationFn: registerAccount,
    onMutate: () => setOnFields(false),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const byField = Object.entries(error.fieldErrors).flatMap(([key, message]) => {
        const field = SERVER_FIELDS[key];
        return field ? [[field, message] as const] : [];
      });
      const conflict = CONFLICT_FIELDS[error.message];
      if (conflict) byField.push([conflict, error.message]);
      byField.forEach(([field, message], index) =>
        form.setError(field, { message: localizeServerMessage(message) }, { shouldFocus: index === 0 }),
      );
      setOnFields(byField.length > 0);
    },
  });

  const submit = form.handleSubmit((values) => {
    mutation.mutate(toRegisterRequest(values), {
      onSuccess: (body) =>
        onRegistered({
          email: body.data?.email ?? values.email.trim(),
          requiresEmailConfirmation: body.data?.requiresEmailConfirmation ?? false,
        }),
    });
  });

  const failure = mutation.error;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure instanceof ApiError && failure.isNetwork ? (
        <NetworkErrorNotice onRetry={() => void submit()} retrying={mutation.isPending} />
      ) : failure && !onFields ? (
        <Alert tone="error">{errorText(failure, REGISTRATION_FAILED)}</Alert>
      ) : null}
      <TextField
        label={t.name}
        autoComplete="name"
        maxLength={TEXT_LIMITS.personName}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={authMessages.fields.email}
        type="email"
        autoComplete="email"
        dir="ltr"
        maxLength={TEXT_LIMITS.email}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <PasswordField
          label={authMessages.fields.password}
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label={t.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <TextField
          label={t.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={TEXT_LIMITS.phone}
          hint={t.phoneHint}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label={t.parentPhone}
          type="tel"
          inputMode="tel"
          dir="ltr"
          maxLength={TEXT_LIMITS.phone}
          error={errors.parentPhone?.message}
          {...form.register('parentPhone')}
        />
        <SelectField
          label={t.country}
          error={errors.country?.message}
          {...form.register('country', { onChange: () => form.setValue('grade', '') })}
        >
          <option value="">{t.chooseCountry}</option>
          {COUNTRIES.map((value) => (
            <option key={value} value={value}>
              {countryLabelAr(value)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.grade}
          disabled={!isCountry(country)}
          error={errors.grade?.message}
          {...form.register('grade')}
        >
          <option value="">{isCountry(country) ? t.chooseGrade : t.gradeNeedsCountry}</option>
          {isCountry(country)
            ? gradesOf(country).map((grade) => (
                <option key={grade} value={grade}>
                  {gradeLabelAr(grade)}
                </option>
              ))
            : null}
        </SelectField>
      </div>
      <RadioGroup
        legend={t.studentType}
        error={errors.isOnline?.message}
        options={[
          { value: 'true', label: t.online },
          { value: 'false', label: t.center },
        ]}
        {...form.register('isOnline')}
      />
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
        {mutation.isPending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
