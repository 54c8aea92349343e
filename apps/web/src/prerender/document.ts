// The document of a page the server renders per request (server-pages.ts): the build writes it with
// slots (build/prerender.ts), the server puts the request's page into them (fillDocument).

/** One answer for the browser's cache: query key, data, when it was read (main.tsx seeds them). */
export type QuerySeed = [queryKey: readonly unknown[], data: unknown, updatedAt: number];

/** `value` made safe inside a double-quoted HTML attribute (the build's pages use it too). */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Where a server page's document template (build/prerender.ts) takes the request's page. */
export const SLOTS = { url: '%PAGE_URL%', markup: '<!--page-markup-->', seeds: '%PAGE_SEEDS%' } as const;
const SLOT_PATTERN = new RegExp(Object.values(SLOTS).join('|'), 'g');

/** The document the server sends: its template with the page put in. The address goes into an
 * attribute and the answers into a JSON script element, each escaped so that no value can end its
 * element early. */
export function fillDocument(template: string, page: { url: string; markup: string; seeds: QuerySeed[] }) {
  const attribute = escapeAttribute(page.url);
  const json = JSON.stringify(page.seeds).replace(/</g, '\\u003c');
  // The page's title in <head> too, where the browser reads it before the app has taken over (the
  // page's own <title> stays in the markup, where React finds it when it does).
  const title = /<title>[^<]*<\/title>/.exec(page.markup)?.[0];
  const document = title ? template.replace(/<title>[^<]*<\/title>/, () => title) : template;
  const values: Record<string, string> = {
    [SLOTS.url]: attribute,
    [SLOTS.markup]: page.markup,
    [SLOTS.seeds]: json,
  };
  // One pass over the template: a value that happens to contain a slot's text is never filled in
  // turn, and a function replacement reads no `$&` in the values.
  return document.replace(SLOT_PATTERN, (slot) => values[slot]!);
}
