// A bank question's 2–6 answers with the one correct chosen. `locked` (the question's answersLocked):
// an exam start drew the question, so its answers are read-only (the server refuses the change with a
// 409), and the note says why.
import { ADMIN_LIMITS } from '@app/contract';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { adminMessages } from '../../../i18n/admin';
import { adminBankMessages as t } from '../../../i18n/admin-bank';
import type { BankFormValues } from '../lib/bank-form';
import { AnswerChoices, correctAfterRemoval } from './answer-choices';

const lessonForm = adminMessages.lessonForm;

export function BankAnswers({
  form,
  locked,
  timesDrawn,
}: {
  form: UseFormReturn<BankFormValues, unknown, unknown>;
  locked: boolean;
  timesDrawn: number;
}) {
  const answers = useFieldArray({ control: form.control, name: 'answers' });
  const { errors } = form.formState;
  // The radios show the form's value (controlled), so they stay right when the rows shift.
  const correct = useWatch({ control: form.control, name: 'correct' });
  const choose = (value: string) =>
    form.setValue('correct', value, { shouldValidate: form.formState.isSubmitted });

  return (
    <div className="md:col-span-2">
      <AnswerChoices
        fields={answers.fields}
        radioName="correct"
        correct={correct}
        onChoose={choose}
        correctError={errors.correct?.message}
        answer={(index) => ({
          ...form.register(`answers.${index}.text`),
          error: errors.answers?.[index]?.text?.message,
        })}
        onAdd={() => answers.append({ text: '' })}
        onRemove={(index) => {
          choose(correctAfterRemoval(correct, index));
          answers.remove(index);
        }}
        locked={locked}
        hint={
          locked ? (
            <Alert tone="info">{t.answersLocked(timesDrawn)}</Alert>
          ) : (
            `${lessonForm.correctHint} ${lessonForm.answersRange(ADMIN_LIMITS.minAnswers, ADMIN_LIMITS.maxAnswers)}`
          )
        }
      />
    </div>
  );
}
