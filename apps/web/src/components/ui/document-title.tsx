// Every screen's document title, «<screen> — منصة التعلم», so browser tabs, history and a screen
// reader tell the screens apart. A React <title> (hoisted into <head>) rather than an effect that
// sets document.title: it is in the prerendered and server-rendered HTML too (prerender/document.ts).
import { messages } from '../../i18n/messages';

export function documentTitle(screen: string): string {
  return `${screen} — ${messages.app.name}`;
}

export function DocumentTitle({ screen }: { screen: string }) {
  return <title>{documentTitle(screen)}</title>;
}
