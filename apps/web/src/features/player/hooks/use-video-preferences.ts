// The stream quality and the data saver the student chose, remembered on this device (localStorage),
// so every lesson starts the way they left the last one.
import { useState } from 'react';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import type { HlsPreferences } from '../lib/hls';

function readQuality(): number | null {
  const stored = Number(storage.get(STORAGE_KEYS.videoQuality));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function useVideoPreferences() {
  const [preferences, setPreferences] = useState<HlsPreferences>(() => ({
    quality: readQuality(),
    dataSaver: storage.get(STORAGE_KEYS.videoDataSaver) === 'true',
  }));
  const setQuality = (quality: number | null) => {
    storage.set(STORAGE_KEYS.videoQuality, quality === null ? 'auto' : String(quality));
    setPreferences((previous) => ({ ...previous, quality }));
  };
  const setDataSaver = (dataSaver: boolean) => {
    storage.set(STORAGE_KEYS.videoDataSaver, String(dataSaver));
    setPreferences((previous) => ({ ...previous, dataSaver }));
  };
  return { preferences, setQuality, setDataSaver };
}
