// The draw rules of a bank-drawn exam: each a topic («أي موضوع» or one of the bank's), a difficulty
// («أي صعوبة» or one), and how many questions, with how many the bank holds that match («متاح»);
// rules are added and removed, and the questions per attempt are totalled as they are typed.
import { DIFFICULTIES, EXAM_LIMITS, type BankTopic } from '@app/contract';
import { useMemo } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/field';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { useBankTopics } from '../api/question-bank';
import {
  ANY_TOPIC,
  drawTotal,
  newDrawRule,
  poolOf,
  rulesAvailable,
  topicValue,
  type DrawRuleValues,
  type QuizSettingsValues,
} from '../lib/quiz-settings-form';
import { rowButton } from './button-styles';
import { WholeNumberField } from './whole-number-field';

const d = adminExamMessages.draw;

type Form = UseFormReturn<QuizSettingsValues, unknown, unknown>;

/** The bank's topics, and any topic a saved rule names that the bank no longer has. */
function topicOptions(topics: readonly BankTopic[], rules: readonly DrawRuleValues[]) {
  const values = new Set(topics.map((entry) => topicValue(entry.topic)));
  for (const rule of rules) if (rule.topic !== ANY_TOPIC) values.add(rule.topic);
  return [...values];
}

const topicLabel = (value: string) => (value === 't:' ? d.noTopic : value.slice(2));

export function DrawRulesEditor({ form, courseId }: { form: Form; courseId: number }) {
  const topics = useBankTopics(courseId);
  const rules = useFieldArray({ control: form.control, name: 'draw' });
  const values = useWatch({ control: form.control, name: 'draw' });
  const bank = topics.data ?? [];
  const options = topicOptions(bank, values);
  const errors = form.formState.errors.draw;
  const listError = errors?.root?.message ?? errors?.message;
  const pool = useMemo(() => poolOf(topics.data ?? []), [topics.data]);
  const available = topics.data ? rulesAvailable(pool, values) : null;

  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3" aria-describedby="draw-hint">
      <legend className="px-1 font-bold text-slate-900">{d.title}</legend>
      <p id="draw-hint" className="text-sm text-slate-600">
        {d.hint}
      </p>
      {topics.isError ? <Alert tone="error">{d.topicsFailed}</Alert> : null}
      {listError ? (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <ol className="space-y-3">
        {rules.fields.map((field, index) => (
          <li key={field.id}>
            <fieldset className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-start">
              <legend className="sr-only">{d.rule(index + 1)}</legend>
              <SelectField label={d.topic} {...form.register(`draw.${index}.topic`)}>
                <option value={ANY_TOPIC}>{d.anyTopic}</option>
                {options.map((value) => (
                  <option key={value} value={value}>
                    {topicLabel(value)}
                  </option>
                ))}
              </SelectField>
              <SelectField label={d.difficulty} {...form.register(`draw.${index}.difficulty`)}>
                <option value="">{d.anyDifficulty}</option>
                {DIFFICULTIES.map((difficulty) => (
                  <option key={difficulty} value={difficulty}>
                    {d.difficultyName[difficulty]}
                  </option>
                ))}
              </SelectField>
              <WholeNumberField
                label={d.count}
                min={1}
                max={EXAM_LIMITS.maxDrawCount}
                hint={available ? d.available(available[index] ?? 0) : undefined}
                error={errors?.[index]?.count?.message}
                {...form.register(`draw.${index}.count`)}
              />
              <button
                type="button"
                className={`${rowButton('danger')} justify-self-end sm:mt-6 sm:justify-self-auto`}
                aria-label={d.remove(index + 1)}
                disabled={rules.fields.length <= 1}
                onClick={() => rules.remove(index)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="font-semibold text-slate-900">
        {d.total(drawTotal(values))}
      </p>
      <button
        type="button"
        className={rowButton()}
        disabled={rules.fields.length >= EXAM_LIMITS.maxDrawRules}
        onClick={() => rules.append(newDrawRule())}
      >
        + {d.add}
      </button>
    </fieldset>
  );
}
