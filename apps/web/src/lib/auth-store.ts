// The signed-in user and token: one small store that the API client and React both read, persisted
// under the spec's storage keys.
import type { User } from '@app/contract';
import { STORAGE_KEYS, storage } from './storage';

export type AuthSnapshot = { user: User | null; token: string | null };

let snapshot: AuthSnapshot = load();
const listeners = new Set<() => void>();

function load(): AuthSnapshot {
  const token = storage.get(STORAGE_KEYS.token);
  const user = storage.getJson<User>(STORAGE_KEYS.user);
  const flag = storage.get(STORAGE_KEYS.isAuthenticated) === 'true';
  return token && user && flag ? { user, token } : { user: null, token: null };
}

function emit(next: AuthSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export const authStore = {
  get: (): AuthSnapshot => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(user: User, token: string) {
    storage.set(STORAGE_KEYS.token, token);
    storage.setJson(STORAGE_KEYS.user, user);
    storage.set(STORAGE_KEYS.isAuthenticated, 'true');
    storage.set(STORAGE_KEYS.userId, String(user.id));
    emit({ user, token });
  },
  setToken(token: string) {
    storage.set(STORAGE_KEYS.token, token);
    emit({ ...snapshot, token });
  },
  updateUser(user: User) {
    storage.setJson(STORAGE_KEYS.user, user);
    emit({ ...snapshot, user });
  },
  /** Clears every stored auth datum (logout, failed validation, failed refresh). */
  clear() {
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.user,
      STORAGE_KEYS.isAuthenticated,
      STORAGE_KEYS.userId,
    ]) {
      storage.remove(key);
    }
    emit({ user: null, token: null });
  },
};
