// Generate a batch of single-use codes: enrolment codes for a course or unit codes for one of its
// units, 1–5000 at once, with a label for the batch (say, the bookshop that sells them).
import { ADMIN_LIMITS, type CodeBatch } from '@app/contract';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/ui/field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { adminMessages } from '../../../i18n/admin';
import { useCreateCodeBatch } from '../api/code-batches';
import { useAdminCourse } from '../api/course';
import { EMPTY_BATCH, batchResolver } from '../lib/code-batch-form';
import { CourseSelect } from './course-select';
import { FormError, SubmitButton } from './form-parts';

const t = adminMessages.codes;

export type CreatedBatch = CodeBatch & { codes: string[] };

export function CodeBatchForm({ onCreated }: { onCreated: (batch: CreatedBatch) => void }) {
  const form = useForm({ resolver: batchResolver, defaultValues: EMPTY_BATCH });
  const { errors } = form.formState;
  const [kind, courseId] = useWatch({ control: form.control, name: ['kind', 'courseId'] });
  const mutation = useCreateCodeBatch();
  const submit = form.handleSubmit((input) => mutation.mutate(input, { onSuccess: onCreated }));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 md:grid-cols-2">
      <FormError error={mutation.error} wide />
      <div className="md:col-span-2">
        <RadioGroup
          legend={t.kind}
          options={[
            { value: 'enrollment', label: t.kinds.enrollment },
            { value: 'unit', label: t.kinds.unit },
          ]}
          {...form.register('kind')}
        />
      </div>
      <CourseSelect
        label={t.course}
        error={errors.courseId?.message}
        {...form.register('courseId', { onChange: () => form.setValue('unitId', '') })}
      />
      {kind === 'unit' ? (
        <UnitSelect
          courseId={courseId ? Number(courseId) : null}
          error={errors.unitId?.message}
          registration={form.register('unitId')}
        />
      ) : null}
      <TextField
        label={t.count}
        inputMode="numeric"
        dir="ltr"
        hint={t.countHint(ADMIN_LIMITS.maxBatchSize)}
        error={errors.count?.message}
        {...form.register('count')}
      />
      <TextField
        label={t.label}
        hint={t.labelHint}
        maxLength={ADMIN_LIMITS.batchLabel}
        error={errors.label?.message}
        {...form.register('label')}
      />
      <SubmitButton pending={mutation.isPending} label={t.submit} pendingLabel={t.submitting} wide />
    </form>
  );
}

function UnitSelect({
  courseId,
  error,
  registration,
}: {
  courseId: number | null;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const course = useAdminCourse(courseId ?? 0, courseId !== null);
  return (
    <SelectField label={t.unit} error={error} disabled={courseId === null} {...registration}>
      <option value="">{courseId === null ? t.chooseCourseFirst : t.chooseUnit}</option>
      {course.data?.units.map((unit) => (
        <option key={unit.id} value={unit.id}>
          {unit.name}
        </option>
      ))}
    </SelectField>
  );
}
