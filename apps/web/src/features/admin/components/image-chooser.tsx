// A catalogue item's picture in its admin form (course image, book cover): the current or newly
// chosen picture beside the file input, refused at once when it is over the upload limit. The file
// is uploaded by the form's own save, once the item exists.
import { useState } from 'react';
import { CourseImage } from '../../../components/ui/course-image';
import { adminMessages } from '../../../i18n/admin';
import { useFilePreview } from '../hooks/use-file-preview';
import { IMAGE_TYPES, fitsUpload } from '../lib/course-form';
import { FileField } from './form-controls';

/** The chosen picture, its preview URL and why it cannot be sent (null: it can). */
export function useImageChoice() {
  const { file, preview, choose } = useFilePreview();
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    preview,
    error,
    choose(chosen: File | null) {
      setError(chosen && !fitsUpload(chosen) ? adminMessages.validation.fileTooLarge : null);
      choose(chosen);
    },
  };
}

export type ImageChoice = ReturnType<typeof useImageChoice>;

export function ImageChooser({
  choice,
  current,
  texts,
  previewWidth,
}: {
  choice: ImageChoice;
  /** The stored picture, shown until another is chosen. */
  current: string | null | undefined;
  texts: { image: string; imageHint: string; imagePreview: string };
  /** The preview column's width from the small breakpoint up (a Tailwind grid template). */
  previewWidth: 'sm:grid-cols-[10rem_1fr]' | 'sm:grid-cols-[12rem_1fr]';
}) {
  return (
    <div className={`grid gap-3 sm:items-start md:col-span-2 ${previewWidth}`}>
      <figure className="overflow-hidden rounded-xl border border-slate-200">
        <CourseImage src={choice.preview ?? current} />
        <figcaption className="sr-only">{texts.imagePreview}</figcaption>
      </figure>
      <FileField
        label={texts.image}
        accept={IMAGE_TYPES}
        hint={texts.imageHint}
        error={choice.error ?? undefined}
        onChange={(event) => choice.choose(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}
