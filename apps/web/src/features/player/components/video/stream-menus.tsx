// The control bar's quality menu (automatic or one of the stream's heights, and the data saver that
// caps it at the lowest) and captions menu (off, or one of the lesson's languages).
import type { LessonCaption } from '@app/contract';
import { playerMessages } from '../../../../i18n/player';
import type { Stream } from '../../hooks/use-stream';
import type { HlsPreferences } from '../../lib/hls';
import { CaptionsIcon, QualityIcon } from '../icons';
import { PlayerMenu } from './player-menu';

const t = playerMessages.video;

export function QualityMenu({
  heights,
  preferences,
  onQuality,
  onDataSaver,
  container,
}: {
  heights: number[];
  preferences: HlsPreferences;
  onQuality: (height: number | null) => void;
  onDataSaver: (on: boolean) => void;
  container: HTMLElement | null;
}) {
  const { dataSaver } = preferences;
  // The data saver plays the lowest rendition; a height the stream lacks plays automatically.
  const chosen = dataSaver ? heights[0] : heights.find((height) => height === preferences.quality);
  const qualities = [
    { id: 'auto', label: t.qualityAuto, height: null },
    ...heights.map((height) => ({ id: String(height), label: t.qualityHeight(height), height })),
  ].map(({ id, label, height }) => ({
    id,
    label,
    checked: (chosen ?? null) === height,
    disabled: dataSaver && height !== heights[0],
    onSelect: () => onQuality(height),
  }));
  return (
    <PlayerMenu
      label={t.quality}
      icon={<QualityIcon />}
      container={container}
      groups={[
        { label: t.quality, choices: qualities },
        {
          label: t.dataSaverGroup,
          choices: [
            {
              id: 'data-saver',
              label: t.dataSaver,
              checked: dataSaver,
              toggle: true,
              onSelect: () => onDataSaver(!dataSaver),
            },
          ],
        },
      ]}
    />
  );
}

export function CaptionsMenu({
  captions,
  language,
  onChange,
  container,
}: {
  captions: Pick<LessonCaption, 'language' | 'label'>[];
  language: string | null;
  onChange: (language: string | null) => void;
  container: HTMLElement | null;
}) {
  const choices = [{ language: null, label: t.captionsOff }, ...captions].map((caption) => ({
    id: caption.language ?? 'off',
    label: caption.label,
    checked: caption.language === language,
    onSelect: () => onChange(caption.language),
  }));
  return (
    <PlayerMenu
      label={t.captions}
      icon={<CaptionsIcon />}
      container={container}
      groups={[{ label: t.captions, choices }]}
    />
  );
}

/** The menus a source has: quality where the stream's renditions are known, captions where the
 * lesson has some. */
export function StreamMenus({
  stream,
  captions,
  container,
}: {
  stream: Stream;
  captions: LessonCaption[];
  container: HTMLElement | null;
}) {
  return (
    <>
      {stream.heights.length > 0 ? (
        <QualityMenu
          heights={stream.heights}
          preferences={stream.preferences}
          onQuality={stream.setQuality}
          onDataSaver={stream.setDataSaver}
          container={container}
        />
      ) : null}
      {captions.length > 0 ? (
        <CaptionsMenu
          captions={captions}
          language={stream.captionLanguage}
          onChange={stream.setCaptionLanguage}
          container={container}
        />
      ) : null}
    </>
  );
}
