// Build step after `vite build`: the public pages a phone most often opens first, rendered to HTML.
//
// A client-rendered page shows nothing of its own until ~110 KB of JavaScript has arrived and run,
// which is most of a phone's wait on a mobile network. For the pages in PRERENDERED, the build renders
// the app (prerender/render.tsx, built for Node by `vite build --ssr`) as a visitor's browser would,
// and writes the whole document to dist/pages/. The server sends it for that address; the browser
// paints it as soon as the stylesheet is in, then build/boot.js starts the app, which takes the page
// over (hydration) without repainting it.
//
// The public catalogue pages (src/prerender/server-pages.ts) show the API's data, so the server renders
// them per request instead; for each, this step writes the document around the page with slots for it
// (dist/server-pages/<name>.html). Every other address still gets dist/index.html.
//
//   tsx build/prerender.ts   (after `vite build` and `vite build --ssr src/prerender/render.tsx`)
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { minify } from 'vite';
import { escapeAttribute } from '../src/prerender/document.ts';
import { patternToRegExp, readLazyRoutes, readPathPatterns } from './route-preload.ts';

/** Addresses served prerendered: public, the same for every visitor, no data of their own. */
export const PRERENDERED = ['/', '/login', '/grades/egypt', '/grades/oman'] as const;

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** The file of `pages/` that holds the prerendered `url`. */
export const pageFile = (url: string) => `${url === '/' ? 'index' : url.slice(1)}.html`;

function closure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** The JS a page needs before it can be taken over: the entry first, then its imports and the page's
 * screen with its imports (as `/assets/...` paths). */
export function pageModules(manifest: Manifest, screenKey: string | undefined): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('prerender: the Vite manifest has no entry');
  const files = closure(manifest, entryKey, new Set());
  if (screenKey) closure(manifest, screenKey, files);
  return [...files].map((file) => `/${file}`);
}

/** The built index.html with the page's markup in #root and the boot script in place of the module
 * scripts (which the boot script adds after the first paint). */
export function pageDocument(
  template: string,
  page: {
    url: string;
    markup: string;
    bootSrc: string;
    modules: string[];
    keys: Record<string, string>;
    /** The answers the markup was rendered from, for the app's cache (main.tsx reads them). */
    seeds?: string;
  },
): string {
  const replaceOnce = (html: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html no longer matches ${pattern}`);
    return html.replace(pattern, replacement);
  };
  const boot =
    `<script src="${page.bootSrc}" data-modules="${escapeAttribute(page.modules.join(' '))}"` +
    ` data-user-key="${escapeAttribute(page.keys.user!)}" data-splash-key="${escapeAttribute(page.keys.splashSeen!)}"></script>`;
  let html = template.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  html = replaceOnce(html, /\s*<script async type="module" src="[^"]*route-preload[^"]*"><\/script>/, '');
  html = replaceOnce(html, /<script type="module" crossorigin src="[^"]+"><\/script>/, boot);
  html = replaceOnce(
    html,
    /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
    `<div id="root" data-prerendered="${escapeAttribute(page.url)}">${page.markup}</div>` +
      (page.seeds === undefined
        ? ''
        : `<script type="application/json" id="query-seeds">${page.seeds}</script>`) +
      '$1',
  );
  return html;
}

function writeWithTwins(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  // The server sends these as they are (@fastify/static preCompressed), like Vite's own assets.
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(content));
}

async function main(): Promise<void> {
  const web = join(import.meta.dirname, '..');
  const dist = join(web, 'dist');
  const render = (await import(pathToFileURL(join(web, 'dist-ssr/render.js')).href)) as {
    renderPage: (url: string) => Promise<string>;
    bootKeys: Record<string, string>;
    SERVER_PAGES: { name: string; example: string }[];
    SLOTS: { url: string; markup: string; seeds: string };
  };
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');

  // Minified: it is on every prerendered page's critical path, and its comments are for us.
  const bootSource = (await minify('boot.js', readFileSync(join(web, 'build/boot.js'), 'utf8'))).code;
  const bootSrc = `/assets/boot-${createHash('sha256').update(bootSource).digest('hex').slice(0, 8)}.js`;
  writeWithTwins(join(dist, bootSrc), bootSource);

  const src = join(web, 'src');
  const { routes } = readLazyRoutes(
    readFileSync(join(src, 'app/router.tsx'), 'utf8'),
    join(src, 'app'),
    readPathPatterns(readFileSync(join(src, 'config/paths.ts'), 'utf8')),
  );
  const screenKeyOf = (url: string) => {
    const route = routes.find((candidate) => new RegExp(patternToRegExp(candidate.pattern), 'i').test(url));
    const screenKey = route
      ? Object.keys(manifest).find((key) => join(web, key).replace(/\.tsx?$/, '') === route.module)
      : undefined;
    if (!screenKey) throw new Error(`prerender: no screen chunk found for ${url}`);
    return screenKey;
  };
  for (const url of PRERENDERED) {
    const markup = await render.renderPage(url);
    const html = pageDocument(template, {
      url,
      markup,
      bootSrc,
      modules: pageModules(manifest, screenKeyOf(url)),
      keys: render.bootKeys,
    });
    writeWithTwins(join(dist, 'pages', pageFile(url)), html);
    console.log(`prerendered ${url} → dist/pages/${pageFile(url)} (${Buffer.byteLength(html)} bytes)`);
  }
  for (const page of render.SERVER_PAGES) {
    const html = pageDocument(template, {
      url: render.SLOTS.url,
      markup: render.SLOTS.markup,
      seeds: render.SLOTS.seeds,
      bootSrc,
      modules: pageModules(manifest, screenKeyOf(page.example)),
      keys: render.bootKeys,
    });
    // The server fills it and compresses the result itself: no twins.
    const file = join(dist, 'server-pages', `${page.name}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    console.log(`server page template ${page.name} → dist/server-pages/${page.name}.html`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
