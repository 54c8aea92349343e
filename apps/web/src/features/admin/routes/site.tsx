// The school's name and the contact links students see in every page's footer, validated with the
// contract's SiteSettings; then who grades quizzes for existing clients (QuizGradingPanel).
import { SiteSettings, type SiteSettingsResponse } from '@app/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { useSaveSiteSettings, useSiteSettings } from '../api/site';
import { PageHeader } from '../components/page-header';
import { Ltr } from '../components/admin-table';
import { TextAreaField } from '../components/form-controls';
import { FormError, SubmitButton } from '../components/form-parts';
import { QueryState } from '../components/query-state';
import { QuizGradingPanel } from '../components/quiz-grading-panel';
import { contractResolver } from '../lib/contract-resolver';

const t = adminMessages.site;

type Settings = NonNullable<z.infer<typeof SiteSettingsResponse>['data']>;
type SiteFormValues = { [K in keyof Settings]: string };

/** One address or range a line; blank lines are ignored. */
const networkLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const resolver = contractResolver<SiteFormValues, typeof SiteSettings>(SiteSettings, {
  toInput: (values) => ({ ...values, trustedNetworks: networkLines(values.trustedNetworks) }),
  labels: {
    name: t.name,
    whatsappNumber: t.whatsapp,
    facebookPage: t.facebook,
    youtubeChannel: t.youtube,
    tiktokChannel: t.tiktok,
    trustedNetworks: t.trustedNetworks,
  },
});

export function Component() {
  const query = useSiteSettings();
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <QueryState query={query}>
        {(settings) => (
          <>
            <SiteForm settings={settings} />
            <QuizGradingPanel clientGraded={settings.clientGradedQuizzes} />
          </>
        )}
      </QueryState>
    </>
  );
}

function SiteForm({ settings }: { settings: Settings }) {
  const form = useForm({
    resolver,
    defaultValues: {
      name: settings.name,
      whatsappNumber: settings.whatsappNumber ?? '',
      facebookPage: settings.facebookPage ?? '',
      youtubeChannel: settings.youtubeChannel ?? '',
      tiktokChannel: settings.tiktokChannel ?? '',
      trustedNetworks: settings.trustedNetworks.join('\n'),
    },
  });
  const { errors } = form.formState;
  const mutation = useSaveSiteSettings();
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit((input) => {
    setSaved(false);
    mutation.mutate(input, { onSuccess: () => setSaved(true) });
  });
  const link = (name: 'facebookPage' | 'youtubeChannel' | 'tiktokChannel', label: string) => (
    <TextField label={label} type="url" dir="ltr" error={errors[name]?.message} {...form.register(name)} />
  );
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid max-w-3xl gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-2 md:p-6"
    >
      <FormError error={mutation.error} wide />
      {saved ? (
        <div className="md:col-span-2">
          <Alert tone="success">{t.saved}</Alert>
        </div>
      ) : null}
      <TextField label={t.name} error={errors.name?.message} {...form.register('name')} />
      <TextField
        label={t.whatsapp}
        type="tel"
        dir="ltr"
        hint={
          <>
            {t.whatsappHint} <Ltr>{t.whatsappExample}</Ltr>
          </>
        }
        error={errors.whatsappNumber?.message}
        {...form.register('whatsappNumber')}
      />
      {link('facebookPage', t.facebook)}
      {link('youtubeChannel', t.youtube)}
      {link('tiktokChannel', t.tiktok)}
      <div className="md:col-span-2">
        <TextAreaField
          label={t.trustedNetworks}
          dir="ltr"
          rows={3}
          hint={t.trustedNetworksHint}
          error={errors.trustedNetworks ? t.trustedNetworksInvalid : undefined}
          {...form.register('trustedNetworks')}
        />
      </div>
      <SubmitButton pending={mutation.isPending} wide />
    </form>
  );
}
