// A unit code typed on the home page while logged out survives the trip through /login (spec: the
// box sends a visitor to log in first): kept in this tab's session storage, entered once after login.
import { STORAGE_KEYS, storage } from '../../../lib/storage';

const KEY = STORAGE_KEYS.pendingUnitCode;

export const pendingUnitCode = {
  keep: (code: string): void => storage.session.set(KEY, code),
  peek: (): string | null => storage.session.get(KEY),
  clear: (): void => storage.session.remove(KEY),
};
