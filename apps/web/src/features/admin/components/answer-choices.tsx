// A multiple-choice question's answers in an admin form (a quiz's question, a bank question): 2–6
// answers, each with a radio button choosing the one correct answer, a remove button and an add
// button. The form owns the values; this draws them. `locked`: the answers are read-only (a bank
// question an exam attempt drew), with `hint` saying why.
import { ADMIN_LIMITS } from '@app/contract';
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { rowButton } from './button-styles';

const t = adminMessages.lessonForm;

/** The correct answer's radio value once answer `removed` leaves the list: the same text stays chosen. */
export function correctAfterRemoval(correct: string, removed: number): string {
  const chosen = correct === '' ? null : Number(correct);
  if (chosen === null || chosen === removed) return '';
  return String(chosen > removed ? chosen - 1 : chosen);
}

export function AnswerChoices({
  fields,
  radioName,
  correct,
  onChoose,
  correctError,
  answer,
  onAdd,
  onRemove,
  hint,
  locked = false,
  actions,
}: {
  fields: { id: string }[];
  /** The radios' group name (the form's path of the correct answer). */
  radioName: string;
  /** The chosen radio's value: the correct answer's index, or '' for none. */
  correct: string;
  onChoose: (value: string) => void;
  correctError?: string;
  /** Answer `index`'s registered text input and its error. */
  answer: (index: number) => UseFormRegisterReturn & { error?: string };
  onAdd: () => void;
  onRemove: (index: number) => void;
  hint: ReactNode;
  locked?: boolean;
  /** More buttons beside 'add an answer'. */
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={correctError ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-semibold text-slate-800">{t.answers}</legend>
      <div id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </div>
      <ol className="mt-2 space-y-2">
        {fields.map((field, index) => {
          const { error, ...input } = answer(index);
          return (
            <li key={field.id} className="flex items-end gap-2">
              <label className="mb-1 flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-brand-50">
                <input
                  type="radio"
                  name={radioName}
                  value={String(index)}
                  checked={correct === String(index)}
                  disabled={locked}
                  onChange={() => onChoose(String(index))}
                  aria-label={t.correct(index + 1)}
                  aria-invalid={correctError ? true : undefined}
                  className="size-5 accent-brand-700"
                />
              </label>
              <div className="min-w-0 flex-1">
                <TextField label={t.answer(index + 1)} readOnly={locked} error={error} {...input} />
              </div>
              {locked ? null : (
                <button
                  type="button"
                  className={`${rowButton('danger')} mb-0.5`}
                  aria-label={t.removeAnswer(index + 1)}
                  disabled={fields.length <= ADMIN_LIMITS.minAnswers}
                  onClick={() => onRemove(index)}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {correctError ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {correctError}
        </p>
      ) : null}
      {locked && !actions ? null : (
        <div className="mt-2 flex flex-wrap gap-2">
          {locked ? null : (
            <button
              type="button"
              className={rowButton()}
              disabled={fields.length >= ADMIN_LIMITS.maxAnswers}
              onClick={onAdd}
            >
              + {t.addAnswer}
            </button>
          )}
          {actions}
        </div>
      )}
    </fieldset>
  );
}
