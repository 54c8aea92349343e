// A video lesson: name, subtitle, the video URL with a line saying which player it will use, the
// optional live-session link of the player's banner, and an optional attachment given as a link or
// uploaded (after the lesson is saved). A saved lesson also takes an uploaded video and its captions.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/ui/field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { adminMessages } from '../../../i18n/admin';
import { fitsUpload } from '../lib/course-form';
import { ATTACHMENT_TYPES, videoFormValues, videoResolver } from '../lib/lesson-form';
import { CaptionsPanel } from './captions-panel';
import { FileField } from './form-controls';
import { LessonFormFrame, useLessonSaver, type LessonFormProps } from './lesson-form-frame';
import { PlayerPreview } from './player-preview';
import { VideoUploadPanel } from './video-upload-panel';

const t = adminMessages.lessonForm;

export function VideoLessonForm({ unitId, lesson, onSaved }: LessonFormProps) {
  const form = useForm({ resolver: videoResolver, defaultValues: videoFormValues(lesson) });
  const { errors } = form.formState;
  const [videoUrl, mode] = useWatch({ control: form.control, name: ['videoUrl', 'attachmentMode'] });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const saver = useLessonSaver({ unitId, lesson, onSaved });

  const submit = form.handleSubmit((input) => {
    if (!fileError) saver.save(input, mode === 'upload' ? file : null);
  });

  return (
    <LessonFormFrame onSubmit={() => void submit()} form={form} saver={saver}>
      <div>
        <TextField
          label={t.videoUrl}
          type="url"
          dir="ltr"
          hint={t.videoUrlHint}
          error={errors.videoUrl?.message}
          {...form.register('videoUrl')}
        />
        <PlayerPreview url={videoUrl} />
      </div>
      <VideoUploadPanel lesson={lesson} />
      {lesson ? <CaptionsPanel lessonId={lesson.id} /> : null}
      <TextField
        label={t.liveSessionUrl}
        type="url"
        dir="ltr"
        hint={t.liveSessionUrlHint}
        error={errors.liveSessionUrl?.message}
        {...form.register('liveSessionUrl')}
      />
      <RadioGroup
        legend={t.attachment}
        options={[
          { value: 'none', label: t.attachmentNone },
          { value: 'link', label: t.attachmentLink },
          { value: 'upload', label: t.attachmentUpload },
        ]}
        {...form.register('attachmentMode')}
      />
      {mode === 'none' ? null : (
        <div className="grid gap-4 md:grid-cols-2">
          {mode === 'link' ? (
            <TextField
              label={t.attachmentUrl}
              type="url"
              dir="ltr"
              error={errors.attachmentUrl?.message}
              {...form.register('attachmentUrl')}
            />
          ) : (
            <FileField
              label={t.attachmentFile}
              accept={ATTACHMENT_TYPES}
              hint={lesson?.attachmentFile ? t.currentFile(lesson.attachmentFile) : t.attachmentFileHint}
              error={fileError ?? undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFileError(chosen && !fitsUpload(chosen) ? adminMessages.validation.fileTooLarge : null);
                setFile(chosen);
              }}
            />
          )}
          <TextField
            label={t.attachmentTitle}
            error={errors.attachmentTitle?.message}
            {...form.register('attachmentTitle')}
          />
        </div>
      )}
    </LessonFormFrame>
  );
}
