// Copies a text to the clipboard and says so (in a live region), or says it could not.
import { useState } from 'react';
import { adminMessages } from '../../../i18n/admin';
import { rowButton } from './button-styles';

const t = adminMessages.common;

export function CopyButton({ text, label, children }: { text: string; label?: string; children?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="inline-flex items-center gap-1">
      <button type="button" className={rowButton()} aria-label={label} onClick={() => void copy()}>
        {children ?? t.copy}
      </button>
      <span role="status" className={state === 'failed' ? 'text-sm text-red-700' : 'text-sm text-green-800'}>
        {state === 'copied' ? t.copied : state === 'failed' ? t.copyFailed : ''}
      </span>
    </span>
  );
}
