// The tenant setting "existing clients grade quizzes" (API.md, Existing clients), apart from the site
// form: it is a security trade-off, so the warning that the answers then reach the student's browser
// is always in view beside it, and it is saved on its own (and audit-logged on its own).
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { adminMessages } from '../../../i18n/admin';
import { useSaveQuizGrading } from '../api/site';
import { CheckboxField } from './form-controls';
import { FormError, SubmitButton } from './form-parts';

const t = adminMessages.quizGrading;

export function QuizGradingPanel({ clientGraded }: { clientGraded: boolean }) {
  const [checked, setChecked] = useState(clientGraded);
  const [saved, setSaved] = useState(false);
  const mutation = useSaveQuizGrading();
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="mt-6 max-w-3xl space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6"
    >
      <h2 id={heading} className="text-lg font-extrabold text-slate-900">
        {t.title}
      </h2>
      <p className="text-slate-700">{t.intro}</p>
      <Alert tone="warning" title={t.warningTitle}>
        {t.warning}
      </Alert>
      <p className="font-semibold text-slate-800">{clientGraded ? t.on : t.off}</p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          mutation.mutate({ clientGradedQuizzes: checked }, { onSuccess: () => setSaved(true) });
        }}
      >
        <FormError error={mutation.error} />
        {saved ? <Alert tone="success">{t.saved}</Alert> : null}
        <CheckboxField
          label={t.toggle}
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
        />
        <SubmitButton pending={mutation.isPending} label={t.save} />
      </form>
    </section>
  );
}
