import { useEffect, useRef, useState } from 'react';

/**
 * A chosen file and an object URL to preview it; the URL is released when another file is chosen
 * and when the screen closes.
 */
export function useFilePreview() {
  const [chosen, setChosen] = useState<{ file: File; url: string | null } | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  function choose(file: File | null) {
    if (current.current) URL.revokeObjectURL(current.current);
    // jsdom has no object URLs; a missing preview is only cosmetic.
    const url = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    current.current = url;
    setChosen(file ? { file, url } : null);
  }
  return { file: chosen?.file ?? null, preview: chosen?.url ?? null, choose };
}
