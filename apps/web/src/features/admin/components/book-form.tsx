// Create or edit a book: title, grade, price in EGP, description, cover (with a preview) and whether
// the home page shows it. Validated with the contract's BookInput; the cover is uploaded once the book
// is saved.
import type { AdminBook } from '@app/contract';
import { ALL_GRADES, gradeLabelAr } from '@app/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CourseImage } from '../../../components/ui/course-image';
import { SelectField, TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { adminBookMessages as t } from '../../../i18n/admin-books';
import { useSaveBook } from '../api/books';
import { useFilePreview } from '../hooks/use-file-preview';
import { EMPTY_BOOK, bookFormValues, bookResolver } from '../lib/book-form';
import { IMAGE_TYPES, fitsUpload } from '../lib/course-form';
import { CheckboxField, FileField, TextAreaField } from './form-controls';
import { FormError, SubmitButton } from './form-parts';

export function BookForm({ book, onSaved }: { book: AdminBook | null; onSaved: (book: AdminBook) => void }) {
  const form = useForm({
    resolver: bookResolver,
    defaultValues: book ? bookFormValues(book) : EMPTY_BOOK,
  });
  const { errors } = form.formState;
  const mutation = useSaveBook();
  const { file: image, preview, choose: setImage } = useFilePreview();
  const [imageError, setImageError] = useState<string | null>(null);

  const submit = form.handleSubmit((input) => {
    if (imageError) return;
    mutation.mutate({ id: book?.id ?? null, input, image }, { onSuccess: onSaved });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 md:grid-cols-2">
      <FormError error={mutation.error} wide />
      <div className="md:col-span-2">
        <TextField label={t.bookTitle} error={errors.title?.message} {...form.register('title')} />
      </div>
      <SelectField label={t.grade} error={errors.grade?.message} {...form.register('grade')}>
        <option value="">{t.chooseGrade}</option>
        {ALL_GRADES.map((grade) => (
          <option key={grade} value={grade}>
            {gradeLabelAr(grade)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t.priceLabel}
        inputMode="decimal"
        dir="ltr"
        hint={t.priceHint}
        error={errors.price?.message}
        {...form.register('price')}
      />
      <div className="md:col-span-2">
        <TextAreaField
          label={t.description}
          error={errors.description?.message}
          {...form.register('description')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr] sm:items-start md:col-span-2">
        <figure className="overflow-hidden rounded-xl border border-slate-200">
          <CourseImage src={preview ?? book?.imagePath} />
          <figcaption className="sr-only">{t.imagePreview}</figcaption>
        </figure>
        <FileField
          label={t.image}
          accept={IMAGE_TYPES}
          hint={t.imageHint}
          error={imageError ?? undefined}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setImageError(file && !fitsUpload(file) ? adminMessages.validation.fileTooLarge : null);
            setImage(file);
          }}
        />
      </div>
      <CheckboxField label={t.activeField} {...form.register('active')} />
      <SubmitButton pending={mutation.isPending} label={book ? adminMessages.common.save : t.create} wide />
    </form>
  );
}
