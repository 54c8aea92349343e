// A saved video lesson's captions: the WebVTT files by language (Arabic by default, English,
// French), each with the label students see in the player's captions menu. It sits inside the
// lesson's form, so its own button uploads (and Enter in its label field does not save the lesson).
import { MAX_CAPTION_BYTES } from '@app/contract';
import { useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { adminVideoMessages } from '../../../i18n/admin-video';
import { useCaptions, useDeleteCaption, useUploadCaption } from '../api/captions';
import { adminErrorText, isStatus } from '../lib/error-text';
import { DeleteButton } from './delete-button';
import { FileField } from './form-controls';
import { PanelSection } from './panel-section';

const t = adminVideoMessages.captions;

export const CAPTION_LANGUAGES = ['ar', 'en', 'fr'] as const;
const languageName = (language: string) => t.languages[language] ?? language;

function checkFile(file: File | null): string | null {
  if (!file) return t.chooseFile;
  if (!/\.vtt$/i.test(file.name)) return t.notVtt;
  if (file.size > MAX_CAPTION_BYTES) return t.tooLarge;
  return null;
}

function CaptionUpload({ lessonId, taken }: { lessonId: number; taken: string[] }) {
  const upload = useUploadCaption();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState<string>('ar');
  const [label, setLabel] = useState(t.defaultLabels.ar ?? '');
  const [labelTouched, setLabelTouched] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // The file picker keeps its chosen name until it is mounted afresh after an upload.
  const [round, setRound] = useState(0);

  const send = () => {
    const problem = checkFile(file);
    setFileError(problem);
    setDone(false);
    if (problem || !file) return;
    upload.mutate(
      { lessonId, file, language, label: label.trim() || languageName(language) },
      {
        onSuccess: () => {
          setFile(null);
          setDone(true);
          setRound((value) => value + 1);
        },
      },
    );
  };

  const onLabelKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    send();
  };

  return (
    <div className="space-y-3">
      <div className="grid gap-3 md:grid-cols-2">
        <SelectField
          label={t.language}
          value={language}
          onChange={(event) => {
            setLanguage(event.target.value);
            if (!labelTouched) setLabel(t.defaultLabels[event.target.value] ?? '');
          }}
        >
          {CAPTION_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {languageName(code)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.label}
          value={label}
          maxLength={60}
          dir="auto"
          onKeyDown={onLabelKey}
          onChange={(event) => {
            setLabel(event.target.value);
            setLabelTouched(true);
          }}
        />
      </div>
      <FileField
        key={round}
        label={t.file}
        accept=".vtt,text/vtt"
        hint={taken.includes(language) ? t.replaces : t.fileHint}
        error={fileError ?? undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          setFile(chosen);
          setDone(false);
          setFileError(chosen ? checkFile(chosen) : null);
        }}
      />
      {upload.error ? <Alert tone="error">{captionError(upload.error)}</Alert> : null}
      {done ? <Alert tone="success">{t.uploaded}</Alert> : null}
      <Button
        variant="secondary"
        disabled={upload.isPending}
        aria-busy={upload.isPending || undefined}
        onClick={send}
      >
        {upload.isPending ? t.uploading : t.upload}
      </Button>
    </div>
  );
}

/** The server's refusal of the file itself (not WebVTT, not UTF-8) says what a caption file must be. */
const captionError = (error: unknown) =>
  isStatus(error, 400) || isStatus(error, 415) ? t.invalid : adminErrorText(error);

export function CaptionsPanel({ lessonId }: { lessonId: number }) {
  const captions = useCaptions(lessonId);
  const remove = useDeleteCaption();
  const list = captions.data ?? [];
  return (
    <PanelSection title={t.title} intro={t.intro}>
      {captions.isError ? <Alert tone="error">{adminErrorText(captions.error)}</Alert> : null}
      {captions.isSuccess && list.length === 0 ? <p className="text-sm text-slate-700">{t.empty}</p> : null}
      {list.length > 0 ? (
        <ul aria-label={t.listLabel} className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {list.map((caption) => (
            <li key={caption.language} className="flex flex-wrap items-center gap-2 px-3 py-1">
              <span className="min-w-0 flex-1" dir="auto">
                <span className="font-semibold">{caption.label}</span>{' '}
                <span className="text-sm text-slate-600">({languageName(caption.language)})</span>
              </span>
              <DeleteButton
                label={t.remove(caption.label)}
                title={t.removeTitle}
                body={t.removeBody(caption.label)}
                action={() => remove.mutateAsync({ lessonId, language: caption.language })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <CaptionUpload lessonId={lessonId} taken={list.map((caption) => caption.language)} />
    </PanelSection>
  );
}
