// What both lesson forms share: saving (then the uploaded attachment), the name and subtitle fields,
// the server's answer and the save button.
import type { AdminLesson, LessonInput } from '@app/contract';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { useSaveLesson } from '../api/lessons';
import { FormError, SubmitButton } from './form-parts';

const t = adminMessages.lessonForm;

type Named = { name: string; titel: string };

/** What both lesson forms are given: the unit, the lesson (null: a new one) and what follows a save. */
export type LessonFormProps = {
  unitId: number;
  lesson: AdminLesson | null;
  onSaved: (lesson: AdminLesson) => void;
};

/** Saves the form's LessonInput as a new lesson of the unit or over the existing one. */
export function useLessonSaver({ unitId, lesson, onSaved }: LessonFormProps) {
  const mutation = useSaveLesson();
  const save = (input: LessonInput, attachment: File | null = null) =>
    mutation.mutate({ unitId, lessonId: lesson?.id ?? null, input, attachment }, { onSuccess: onSaved });
  return { mutation, save, isNew: lesson === null };
}

export function LessonFormFrame<V extends Named>({
  onSubmit,
  form,
  saver,
  children,
}: {
  onSubmit: () => void;
  form: { register: UseFormRegister<V>; formState: { errors: FieldErrors<Named> } };
  saver: ReturnType<typeof useLessonSaver>;
  children: ReactNode;
}) {
  const register = form.register as unknown as UseFormRegister<Named>;
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6"
    >
      <FormError error={saver.mutation.error} conflict={t.quizLocked} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t.name} error={errors.name?.message} {...register('name')} />
        <TextField label={t.titel} error={errors.titel?.message} {...register('titel')} />
      </div>
      {children}
      <SubmitButton
        pending={saver.mutation.isPending}
        label={saver.isNew ? t.create : adminMessages.common.save}
      />
    </form>
  );
}
