// The only script a prerendered page (build/prerender.ts) loads from its HTML: a classic script in
// <head>, so it runs before the page is first painted.
//
// 1. It marks <html> for what the static page cannot know: `data-signed-in` when this browser holds a
//    signed-in user (the visitor-only links are then hidden, index.css), `data-splash` when the home
//    page's once-per-session splash is due (the page waits hidden for the app to show the splash).
//    The app clears both once it has rendered (app/app.tsx). The splash rule is use-splash.ts's
//    shouldShowSplash; the storage keys come from the app's own list, in this tag's data attributes.
// 2. It starts the app's JavaScript right after the first paint, not before: the page is already
//    readable by then, and on a phone the requests wait only for the stylesheet that paint needed.
(() => {
  const tag = document.currentScript;
  const html = document.documentElement;
  const read = (storage, key) => {
    try {
      return window[storage].getItem(key);
    } catch {
      return null;
    }
  };
  if (read('localStorage', tag.dataset.userKey) !== null) html.setAttribute('data-signed-in', '');
  if (
    location.pathname === '/' &&
    !location.hash &&
    read('sessionStorage', tag.dataset.splashKey) === null &&
    !matchMedia('(prefers-reduced-motion: reduce)').matches
  )
    html.setAttribute('data-splash', '');

  const [entry, ...imports] = tag.dataset.modules.split(' ');
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the first contentful paint has reached the screen (its paint-timing entry exists only
  // then). A tab opened in the background paints nothing until shown, and a browser without paint
  // timing cannot tell: start at once there. The timer is a safety net, never the usual path.
  const paintTiming = window.PerformanceObserver?.supportedEntryTypes?.includes('paint');
  if (document.visibilityState !== 'visible' || !paintTiming) return start();
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000);
})();
