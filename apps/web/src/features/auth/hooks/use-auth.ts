import { useSyncExternalStore } from 'react';
import { authStore, type AuthSnapshot } from '../../../lib/auth-store';

const subscribe = (listener: () => void) => authStore.subscribe(listener);
const getSnapshot = () => authStore.get();

/** The signed-in user (restored at once from storage) and token; re-renders on sign in/out. */
export function useAuth(): AuthSnapshot & { isAuthenticated: boolean } {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...snapshot, isAuthenticated: snapshot.user !== null };
}
