// Create or edit a course: name, subject, description, image (with a preview), price in EGP, term,
// grade, active, open to all and teacher. Validated with the contract's CourseInput; the chosen image
// is uploaded once the course is saved.
import type { AdminCourse } from '@app/contract';
import { SUBJECTS, TERMS, termLabelAr } from '@app/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { useTeachers } from '../api/courses';
import { useSaveCourse } from '../api/course';
import { EMPTY_COURSE, courseFormValues, courseResolver } from '../lib/course-form';
import { GradeOptions } from './catalogue-options';
import { CheckboxField, TextAreaField } from './form-controls';
import { FormError, SubmitButton } from './form-parts';
import { ImageChooser, useImageChoice } from './image-chooser';

const t = adminMessages.courseForm;

export function CourseForm({
  course,
  onSaved,
}: {
  course: AdminCourse | null;
  onSaved: (course: AdminCourse) => void;
}) {
  const form = useForm({
    resolver: courseResolver,
    defaultValues: course ? courseFormValues(course) : EMPTY_COURSE,
  });
  const { errors } = form.formState;
  const teachers = useTeachers();
  const subjectsId = useId();
  const mutation = useSaveCourse();
  const image = useImageChoice();

  const submit = form.handleSubmit((input) => {
    if (image.error) return;
    mutation.mutate(
      { id: course?.id ?? null, input, image: image.file },
      {
        onSuccess: (result) => {
          image.choose(null);
          onSaved(result);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 md:grid-cols-2">
      <FormError error={mutation.error} wide />
      <TextField label={t.name} error={errors.name?.message} {...form.register('name')} />
      <div>
        <TextField
          label={t.subject}
          hint={t.subjectHint}
          list={subjectsId}
          dir="auto"
          error={errors.subject?.message}
          {...form.register('subject')}
        />
        {/* The catalogue reads the subject as one word; the known keys get their Arabic chip label. */}
        <datalist id={subjectsId}>
          {Object.entries(SUBJECTS).map(([key, label]) => (
            <option key={key} value={key} label={label} />
          ))}
        </datalist>
      </div>
      <div className="md:col-span-2">
        <TextAreaField
          label={t.description}
          error={errors.description?.message}
          {...form.register('description')}
        />
      </div>
      <TextField
        label={t.price}
        inputMode="decimal"
        dir="ltr"
        hint={t.priceHint}
        error={errors.price?.message}
        {...form.register('price')}
      />
      <SelectField label={t.teacher} error={errors.teacherId?.message} {...form.register('teacherId')}>
        <option value="">{t.noTeacher}</option>
        {teachers.data?.map((teacher) => (
          <option key={teacher.id} value={teacher.id}>
            {teacher.title ? `${teacher.title} ${teacher.name}` : teacher.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t.grade} error={errors.grade?.message} {...form.register('grade')}>
        <GradeOptions empty={t.chooseGrade} />
      </SelectField>
      <SelectField label={t.term} error={errors.term?.message} {...form.register('term')}>
        {TERMS.map((term) => (
          <option key={term} value={term}>
            {termLabelAr(term)}
          </option>
        ))}
      </SelectField>
      <ImageChooser
        choice={image}
        current={course?.imagePath}
        texts={t}
        previewWidth="sm:grid-cols-[12rem_1fr]"
      />
      <CheckboxField label={t.active} {...form.register('active')} />
      <CheckboxField label={t.openToAll} {...form.register('isOpenToAll')} />
      <SubmitButton pending={mutation.isPending} label={course ? adminMessages.common.save : t.create} wide />
    </form>
  );
}
