// A quiz: name, subtitle and its questions, each with 2–6 answers and a radio button choosing the one
// correct answer. Validated with the contract's LessonInput, so the same rules hold on the server.
import { ADMIN_LIMITS } from '@app/contract';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormReturn,
} from 'react-hook-form';
import { TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { newQuestion, quizFormValues, quizResolver, type QuizFormValues } from '../lib/lesson-form';
import { rowButton } from './button-styles';
import { TextAreaField } from './form-controls';
import { LessonFormFrame, useLessonSaver, type LessonFormProps } from './lesson-form-frame';

const t = adminMessages.lessonForm;

export function QuizForm({ unitId, lesson, onSaved }: LessonFormProps) {
  const form = useForm({ resolver: quizResolver, defaultValues: quizFormValues(lesson) });
  const { errors } = form.formState;
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const saver = useLessonSaver({ unitId, lesson, onSaved });
  const submit = form.handleSubmit((input) => saver.save(input));
  const listError = errors.questions?.root?.message ?? errors.questions?.message;

  return (
    <LessonFormFrame onSubmit={() => void submit()} form={form} saver={saver}>
      <section aria-labelledby="questions-heading" className="space-y-4">
        <h2 id="questions-heading" className="text-lg font-extrabold text-slate-900">
          {t.questions}
        </h2>
        {listError ? (
          <p role="alert" className="text-sm text-red-700">
            {listError}
          </p>
        ) : null}
        {questions.fields.map((field, index) => (
          <QuestionFields
            key={field.id}
            form={form}
            index={index}
            canRemove={questions.fields.length > 1}
            onRemove={() => questions.remove(index)}
          />
        ))}
        <button
          type="button"
          className={rowButton()}
          disabled={questions.fields.length >= ADMIN_LIMITS.maxQuestions}
          onClick={() => questions.append(newQuestion())}
        >
          + {t.addQuestion}
        </button>
      </section>
    </LessonFormFrame>
  );
}

function QuestionFields({
  form,
  index,
  canRemove,
  onRemove,
}: {
  form: UseFormReturn<QuizFormValues, unknown, unknown>;
  index: number;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const control = form.control as Control<QuizFormValues>;
  const answers = useFieldArray({ control, name: `questions.${index}.answers` });
  const errors: FieldErrors<QuizFormValues>['questions'] = form.formState.errors.questions;
  const questionErrors = errors?.[index];
  const correctName = `questions.${index}.correct` as const;
  const correctError = questionErrors?.correct?.message;
  const number = index + 1;

  // The radios show the form's value (controlled), so they stay right when the rows shift.
  const correct = useWatch({ control, name: correctName });
  const choose = (answer: number | null) =>
    form.setValue(correctName, answer === null ? '' : String(answer), {
      shouldValidate: form.formState.isSubmitted,
    });

  function removeAnswer(answer: number) {
    // Keep the chosen correct answer pointing at the same text after the list shifts.
    const chosen = correct === '' ? null : Number(correct);
    if (chosen === answer) choose(null);
    else if (chosen !== null && chosen > answer) choose(chosen - 1);
    answers.remove(answer);
  }

  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-base font-bold text-slate-900">{t.question(number)}</legend>
      <TextAreaField
        label={t.questionText}
        rows={2}
        error={questionErrors?.text?.message}
        {...form.register(`questions.${index}.text`)}
      />
      <fieldset aria-describedby={correctError ? `${correctName}-error` : `${correctName}-hint`}>
        <legend className="text-sm font-semibold text-slate-800">{t.answers}</legend>
        <p id={`${correctName}-hint`} className="text-sm text-slate-600">
          {t.correctHint} {t.answersRange(ADMIN_LIMITS.minAnswers, ADMIN_LIMITS.maxAnswers)}
        </p>
        <ol className="mt-2 space-y-2">
          {answers.fields.map((field, answer) => (
            <li key={field.id} className="flex items-end gap-2">
              <label className="mb-1 flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-brand-50">
                <input
                  type="radio"
                  name={correctName}
                  value={String(answer)}
                  checked={correct === String(answer)}
                  onChange={() => choose(answer)}
                  aria-label={t.correct(answer + 1)}
                  aria-invalid={correctError ? true : undefined}
                  className="size-5 accent-brand-700"
                />
              </label>
              <div className="min-w-0 flex-1">
                <TextField
                  label={t.answer(answer + 1)}
                  error={questionErrors?.answers?.[answer]?.text?.message}
                  {...form.register(`questions.${index}.answers.${answer}.text`)}
                />
              </div>
              <button
                type="button"
                className={`${rowButton('danger')} mb-0.5`}
                aria-label={t.removeAnswer(answer + 1)}
                disabled={answers.fields.length <= ADMIN_LIMITS.minAnswers}
                onClick={() => removeAnswer(answer)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ol>
        {correctError ? (
          <p id={`${correctName}-error`} role="alert" className="mt-2 text-sm text-red-700">
            {correctError}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className={rowButton()}
            disabled={answers.fields.length >= ADMIN_LIMITS.maxAnswers}
            onClick={() => answers.append({ text: '' })}
          >
            + {t.addAnswer}
          </button>
          <button type="button" className={rowButton('danger')} disabled={!canRemove} onClick={onRemove}>
            {t.removeQuestion(number)}
          </button>
        </div>
      </fieldset>
    </fieldset>
  );
}
