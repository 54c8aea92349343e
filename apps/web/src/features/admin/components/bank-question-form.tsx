// Write or edit a bank question: its text, 2–6 answers with one correct, difficulty, topic (the
// course's topics offered as suggestions), an explanation and an image. Validated with the contract's
// BankQuestionInput; the image is uploaded (or removed) once the question is saved.
import { DIFFICULTIES, type BankQuestion } from '@app/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { adminBankMessages as t } from '../../../i18n/admin-bank';
import { useSaveBankQuestion } from '../api/question-bank';
import { bankFormValues, bankResolver, emptyBankQuestion } from '../lib/bank-form';
import { BankAnswers } from './bank-answers';
import { CheckboxField, TextAreaField } from './form-controls';
import { FormError, SubmitButton } from './form-parts';
import { ImageChooser, useImageChoice } from './image-chooser';

export function BankQuestionForm({
  courseId,
  question,
  topics,
  onSaved,
}: {
  courseId: number;
  /** null: a new question. */
  question: BankQuestion | null;
  /** The course's topics, offered while typing one. */
  topics: string[];
  onSaved: (question: BankQuestion) => void;
}) {
  const form = useForm({
    resolver: bankResolver,
    defaultValues: question ? bankFormValues(question) : emptyBankQuestion(),
  });
  const { errors } = form.formState;
  const mutation = useSaveBankQuestion();
  const image = useImageChoice();
  const [removeImage, setRemoveImage] = useState(false);
  const topicList = useId();

  const submit = form.handleSubmit((input) => {
    if (image.error) return;
    mutation.mutate(
      { courseId, id: question?.id ?? null, input, image: image.file, removeImage },
      { onSuccess: onSaved },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 md:grid-cols-2">
      <FormError error={mutation.error} conflict={t.conflict} wide />
      <div className="md:col-span-2">
        <TextAreaField
          label={t.questionText}
          rows={3}
          error={errors.text?.message}
          {...form.register('text')}
        />
      </div>
      <BankAnswers
        form={form}
        locked={question?.answersLocked ?? false}
        timesDrawn={question?.timesDrawn ?? 0}
      />
      <SelectField label={t.difficulty} error={errors.difficulty?.message} {...form.register('difficulty')}>
        {DIFFICULTIES.map((difficulty) => (
          <option key={difficulty} value={difficulty}>
            {t.difficultyName[difficulty]}
          </option>
        ))}
      </SelectField>
      <div>
        <TextField
          label={t.topic}
          hint={t.topicHint}
          list={topicList}
          error={errors.topic?.message}
          {...form.register('topic')}
        />
        <datalist id={topicList}>
          {topics.map((topic) => (
            <option key={topic} value={topic} />
          ))}
        </datalist>
      </div>
      <div className="md:col-span-2">
        <TextAreaField
          label={t.explanation}
          rows={2}
          hint={t.explanationHint}
          error={errors.explanation?.message}
          {...form.register('explanation')}
        />
      </div>
      <ImageChooser
        choice={image}
        current={removeImage ? null : question?.imagePath}
        texts={t}
        previewWidth="sm:grid-cols-[10rem_1fr]"
      />
      {question?.imagePath && !image.file ? (
        <CheckboxField
          label={t.removeImage}
          checked={removeImage}
          onChange={(event) => setRemoveImage(event.target.checked)}
        />
      ) : null}
      <SubmitButton
        pending={mutation.isPending}
        label={question ? adminMessages.common.save : t.create}
        wide
      />
    </form>
  );
}
