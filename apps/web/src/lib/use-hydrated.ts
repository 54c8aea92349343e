import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/** A fact about the browser, read during render, that a prerendered page (apps/web/build/prerender.ts)
 * must render as `prerendered`: React takes the page over with that value, then renders again with
 * `read()`. Pages the browser renders itself get `read()` at once. */
export function useBrowserValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(subscribeNever, read, () => prerendered);
}

/** False while React takes over a prerendered page (and in the build's own render), true afterwards and
 * in any page the browser rendered itself. The form controls wait for it (components/ui/field.tsx and
 * button.tsx), so every form of a prerendered page does. */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
