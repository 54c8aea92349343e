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
import { adminMessages } from '../../../i18n/admin';
import { newQuestion, quizFormValues, quizResolver, type QuizFormValues } from '../lib/lesson-form';
import { AnswerChoices, correctAfterRemoval } from './answer-choices';
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
  const number = index + 1;

  // The radios show the form's value (controlled), so they stay right when the rows shift.
  const correct = useWatch({ control, name: correctName });
  const choose = (value: string) =>
    form.setValue(correctName, value, { shouldValidate: form.formState.isSubmitted });

  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-base font-bold text-slate-900">{t.question(number)}</legend>
      <TextAreaField
        label={t.questionText}
        rows={2}
        error={questionErrors?.text?.message}
        {...form.register(`questions.${index}.text`)}
      />
      <AnswerChoices
        fields={answers.fields}
        radioName={correctName}
        correct={correct}
        onChoose={choose}
        correctError={questionErrors?.correct?.message}
        answer={(answer) => ({
          ...form.register(`questions.${index}.answers.${answer}.text`),
          error: questionErrors?.answers?.[answer]?.text?.message,
        })}
        onAdd={() => answers.append({ text: '' })}
        onRemove={(answer) => {
          choose(correctAfterRemoval(correct, answer));
          answers.remove(answer);
        }}
        hint={`${t.correctHint} ${t.answersRange(ADMIN_LIMITS.minAnswers, ADMIN_LIMITS.maxAnswers)}`}
        actions={
          <button type="button" className={rowButton('danger')} disabled={!canRemove} onClick={onRemove}>
            {t.removeQuestion(number)}
          </button>
        }
      />
    </fieldset>
  );
}
