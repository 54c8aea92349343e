// A saved quiz lesson's «إعدادات الاختبار» (decision 0013), under the lesson's own form: the switch
// that makes the quiz an exam (off: back to the plain one-attempt quiz, refused once students have
// attempted it), and the exam's settings, saved on their own: where the questions come from (the
// lesson's or drawn from the bank by rules), time limit, pass mark, attempts and which counts, the
// review, explanations, and the opening and closing times. Validated with the contract's
// QuizSettingsInput; the server's refusal of a rule the bank cannot fill is shown at that rule.
import { EXAM_LIMITS, type QuizSettings } from '@app/contract';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { ApiError } from '../../../lib/api-client';
import { useQuizSettings, useRemoveQuizSettings, useSaveQuizSettings } from '../api/quiz-settings';
import { adminErrorText } from '../lib/error-text';
import {
  quizSettingsResolver,
  quizSettingsValues,
  refusedRule,
  type QuizSettingsValues,
} from '../lib/quiz-settings-form';
import { DrawRulesEditor } from './draw-rules-editor';
import { ConfirmDialog } from './confirm-dialog';
import { CheckboxField } from './form-controls';
import { FormError, SubmitButton } from './form-parts';
import { PanelSection } from './panel-section';
import { QueryState } from './query-state';
import { QuizStatsLink } from './quiz-stats-link';
import { WholeNumberField } from './whole-number-field';

const t = adminExamMessages.settings;

export function QuizSettingsPanel({ lessonId, courseId }: { lessonId: number; courseId: number }) {
  const query = useQuizSettings(lessonId);
  return (
    <PanelSection title={t.title} intro={t.intro}>
      <QuizStatsLink lessonId={lessonId} />
      <QueryState query={query}>
        {(settings) => <ExamSettings settings={settings} courseId={courseId} />}
      </QueryState>
    </PanelSection>
  );
}

function ExamSettings({ settings, courseId }: { settings: QuizSettings; courseId: number }) {
  // Switched on but not saved yet: the form shows, and the quiz stays plain until it is saved.
  const [enabling, setEnabling] = useState(false);
  const [removed, setRemoved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveQuizSettings();
  const on = settings.exam || enabling;
  const locked = settings.exam && settings.attemptCount > 0;

  function toggle(checked: boolean) {
    setRemoved(false);
    setEnabling(checked);
    // A saved exam's settings are deleted only once the admin confirms it.
    if (!checked && settings.exam) {
      remove.reset();
      setConfirming(true);
    }
  }

  const confirmRemove = () =>
    remove.mutate(
      { lessonId: settings.lessonId },
      {
        onSuccess: () => {
          setConfirming(false);
          setRemoved(true);
        },
      },
    );

  return (
    <div className="space-y-4">
      <CheckboxField
        role="switch"
        label={t.examSwitch}
        checked={on}
        disabled={locked || remove.isPending}
        hint={locked ? t.examLocked : t.examSwitchHint}
        onChange={(event) => toggle(event.target.checked)}
      />
      {on && !settings.exam ? <p className="text-sm font-semibold text-amber-800">{t.notSavedYet}</p> : null}
      {settings.attemptCount > 0 ? (
        <p className="text-sm text-slate-700">{t.attemptsStarted(settings.attemptCount)}</p>
      ) : null}
      {on && settings.submittedBefore > 0 ? (
        <p className="text-sm text-slate-700">{t.submittedBefore(settings.submittedBefore)}</p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t.removeTitle}
        confirmLabel={t.removeConfirm}
        pendingLabel={t.removing}
        pending={remove.isPending}
        error={remove.error ? adminErrorText(remove.error, t.removeConflict) : null}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
      >
        {t.removeBody}
      </ConfirmDialog>
      {removed && !on ? <Alert tone="success">{t.removed}</Alert> : null}
      {on ? <SettingsForm settings={settings} courseId={courseId} /> : null}
    </div>
  );
}

type Form = UseFormReturn<QuizSettingsValues, unknown, unknown>;

const NUMBERS = [
  {
    name: 'timeLimitMinutes',
    label: t.timeLimit,
    hint: t.timeLimitHint,
    min: 1,
    max: EXAM_LIMITS.maxTimeLimitMinutes,
  },
  { name: 'passMark', label: t.passMark, hint: t.passMarkHint, min: 0, max: 100 },
  {
    name: 'attemptsAllowed',
    label: t.attemptsAllowed,
    hint: undefined,
    min: 1,
    max: EXAM_LIMITS.maxAttempts,
  },
] as const;

const TIMES = [
  { name: 'opensAt', label: t.opensAt, hint: t.opensAtHint },
  { name: 'closesAt', label: t.closesAt, hint: t.closesAtHint },
] as const;

/** The server's 400 at the field it is about: a rule the bank cannot fill, a fixed quiz without questions. */
function showRefusal(form: Form, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 400) return;
  const rule = refusedRule(error.message);
  if (rule)
    form.setError(`draw.${rule.index}.count`, { message: adminExamMessages.draw.tooMany(rule.available) });
  else if (/no questions of its own/i.test(error.message))
    form.setError('source', { message: t.noOwnQuestions });
}

function SettingsForm({ settings, courseId }: { settings: QuizSettings; courseId: number }) {
  const form = useForm({ resolver: quizSettingsResolver, defaultValues: quizSettingsValues(settings) });
  const { errors } = form.formState;
  const [source, attempts, passMark] = useWatch({
    control: form.control,
    name: ['source', 'attemptsAllowed', 'passMark'],
  });
  // Saving a new mark re-decides the results students already have: say so before it is saved.
  const hasResults = settings.attemptCount > 0 || settings.submittedBefore > 0;
  const markChanged = passMark.trim() !== quizSettingsValues(settings).passMark;
  const save = useSaveQuizSettings();
  const [saved, setSaved] = useState(false);

  const submit = form.handleSubmit((input) => {
    setSaved(false);
    save.mutate(
      { lessonId: settings.lessonId, input },
      {
        onSuccess: (next) => {
          form.reset(quizSettingsValues(next));
          setSaved(true);
        },
        onError: (error) => showRefusal(form, error),
      },
    );
  });

  return (
    <form
      noValidate
      aria-label={t.title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="space-y-5"
    >
      <RadioGroup
        legend={t.source}
        error={errors.source?.message}
        options={[
          { value: 'fixed', label: t.sourceFixed },
          { value: 'bank', label: t.sourceBank },
        ]}
        {...form.register('source')}
      />
      {source === 'bank' ? <DrawRulesEditor form={form} courseId={courseId} /> : null}
      <div className="grid gap-4 md:grid-cols-3">
        {NUMBERS.map(({ name, label, hint, min, max }) => (
          <WholeNumberField
            key={name}
            label={label}
            hint={hint}
            min={min}
            max={max}
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
      </div>
      {hasResults && markChanged ? (
        <p role="status" className="text-sm font-semibold text-amber-800">
          {t.passMarkRegrades}
        </p>
      ) : null}
      {Number(attempts) > 1 ? (
        <RadioGroup
          legend={t.counts}
          options={[
            { value: 'best', label: t.countsBest },
            { value: 'last', label: t.countsLast },
          ]}
          {...form.register('counts')}
        />
      ) : null}
      <RadioGroup
        legend={t.review}
        options={[
          { value: 'immediate', label: t.reviewImmediate },
          { value: 'after-deadline', label: t.reviewAfterDeadline },
          { value: 'never', label: t.reviewNever },
        ]}
        {...form.register('review')}
      />
      <CheckboxField label={t.showExplanations} {...form.register('showExplanations')} />
      <div className="grid gap-4 md:grid-cols-2">
        {TIMES.map(({ name, label, hint }) => (
          <TextField
            key={name}
            label={label}
            type="datetime-local"
            dir="ltr"
            hint={hint}
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
      </div>
      <FormError error={save.error} />
      {saved && !form.formState.isDirty ? <Alert tone="success">{t.saved}</Alert> : null}
      <SubmitButton pending={save.isPending} label={t.save} />
    </form>
  );
}
