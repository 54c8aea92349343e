// The first focusable element of every screen: hidden until it has the focus, it jumps past the top
// bar to the screen's <main id="main" tabIndex={-1}> (the site, the players and the admin area).
import { messages } from '../../i18n/messages';

export const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Focus (and scroll to) the main content without adding '#main' to the URL.
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-bold focus:text-brand-900 focus:shadow-lg"
    >
      {messages.common.skipToContent}
    </a>
  );
}
