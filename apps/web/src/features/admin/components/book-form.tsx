// Create or edit a book: title, grade, price in EGP, description, cover (with a preview) and whether
// the home page shows it. Validated with the contract's BookInput; the cover is uploaded once the book
// is saved.
import type { AdminBook } from '@app/contract';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { adminBookMessages as t } from '../../../i18n/admin-books';
import { useSaveBook } from '../api/books';
import { EMPTY_BOOK, bookFormValues, bookResolver } from '../lib/book-form';
import { GradeOptions } from './catalogue-options';
import { CheckboxField, TextAreaField } from './form-controls';
import { FormError, SubmitButton } from './form-parts';
import { ImageChooser, useImageChoice } from './image-chooser';

export function BookForm({ book, onSaved }: { book: AdminBook | null; onSaved: (book: AdminBook) => void }) {
  const form = useForm({
    resolver: bookResolver,
    defaultValues: book ? bookFormValues(book) : EMPTY_BOOK,
  });
  const { errors } = form.formState;
  const mutation = useSaveBook();
  const image = useImageChoice();

  const submit = form.handleSubmit((input) => {
    if (image.error) return;
    mutation.mutate({ id: book?.id ?? null, input, image: image.file }, { onSuccess: onSaved });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 md:grid-cols-2">
      <FormError error={mutation.error} wide />
      <div className="md:col-span-2">
        <TextField label={t.bookTitle} error={errors.title?.message} {...form.register('title')} />
      </div>
      <SelectField label={t.grade} error={errors.grade?.message} {...form.register('grade')}>
        <GradeOptions empty={t.chooseGrade} />
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
      <ImageChooser
        choice={image}
        current={book?.imagePath}
        texts={t}
        previewWidth="sm:grid-cols-[10rem_1fr]"
      />
      <CheckboxField label={t.activeField} {...form.register('active')} />
      <SubmitButton pending={mutation.isPending} label={book ? adminMessages.common.save : t.create} wide />
    </form>
  );
}
