// The calm notice of a shed request (lib/overload.ts): shown while the client waits to ask a read
// again, or after a change was refused, until the wait the server asked for has passed. The text is
// said once (role=status), not counted down: a ticking number would be read out every second.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert } from '../../components/ui/alert';
import { overloadNoticeText } from '../../i18n/messages';
import { overloadNotice, type OverloadNotice } from '../../lib/overload';

export function OverloadBanner() {
  const notice = useSyncExternalStore(overloadNotice.subscribe, overloadNotice.get, () => null);
  const [expired, setExpired] = useState<OverloadNotice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setExpired(notice), Math.max(0, notice.until - Date.now()));
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice || expired === notice) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <Alert tone="info">{overloadNoticeText(notice.kind, notice.seconds)}</Alert>
    </div>
  );
}
