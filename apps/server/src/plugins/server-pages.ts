// The public catalogue pages rendered per request (apps/web/src/prerender/server-pages.ts): a phone
// paints the course list or a course as soon as the document and its stylesheet are in, instead of
// after ~110 KB of JavaScript has arrived, run and asked the API. The web build supplies the renderer
// (dist-ssr/render.js) and a document template per page (dist/server-pages/<name>.html); without them
// (an API-only deployment, tests) there are no server pages and every address gets the app's shell.
//
// The page's reads go to this same API in-process (app.inject), so they pass through the same tenant,
// validation and flood limit as the browser's would, counted against the visitor's address.
//
// Rendering a course of 80 lessons costs ~10 ms of CPU, a hundred times an API read: a class opening
// a shared link at once would queue behind it. A page is the same for every visitor, so each address's
// page is kept for a few seconds (and concurrent requests for it share one render): never longer than
// PAGE_TTL_MAX_MS, nor than the catalogue's own cache, and never past an edit of the catalogue (in any
// process), since pages are kept under the catalogue cache's version.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { clockTiming, systemClock, type Clock } from '../lib/clock';
import { SAME_ORIGIN_HEADER } from './absolute-urls';

export const PAGE_TTL_MAX_MS = 5000;

type Seeds = unknown[];
/** What apps/web/src/prerender/render.tsx exports for the server. */
type WebRenderer = {
  setServerFetch(transport: typeof fetch): void;
  renderServerPage(url: string): Promise<{ name: string; markup: string; seeds: Seeds } | null>;
  fillDocument(template: string, page: { url: string; markup: string; seeds: Seeds }): string;
};

/** A rendered document, with its compressed forms made when first asked for. */
export class RenderedPage {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  constructor(readonly html: string) {}
  body(encoding: Encoding | undefined): Promise<Buffer> {
    const plain = Buffer.from(this.html);
    if (!encoding) return Promise.resolve(plain);
    let body = this.encoded.get(encoding);
    if (!body) this.encoded.set(encoding, (body = compressors[encoding](plain)));
    return body;
  }
}

export type ServerPages = {
  /** The whole document for the request, or null when its address is no server page or its render
   * failed (the caller then sends the app's shell, which renders the page in the browser). */
  render(request: FastifyRequest): Promise<RenderedPage | null>;
};

/** What the page cache follows: the catalogue cache's lifetime and its version (see above). */
type Catalogue = { ttlMs: number; version(): number; clock?: Clock };

export async function loadServerPages(
  app: FastifyInstance,
  dist: string,
  catalogue: Catalogue,
): Promise<ServerPages | null> {
  const rendererFile = join(dist, '../dist-ssr/render.js');
  const templatesDir = join(dist, 'server-pages');
  if (!existsSync(rendererFile) || !existsSync(templatesDir)) return null;
  const templates = new Map(
    readdirSync(templatesDir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [file.slice(0, -'.html'.length), readFileSync(join(templatesDir, file), 'utf8')]),
  );
  const web = (await import(pathToFileURL(rendererFile).href)) as WebRenderer;

  const visitor = new AsyncLocalStorage<string>();
  web.setServerFetch(async (input, init) => {
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      // The web app's client passes the address as a string ('/api/...').
      url: input instanceof Request ? input.url : input.toString(),
      // The page is shown on this origin and cached for every visitor: its links stay paths.
      headers: { ...(init?.headers as Record<string, string>), [SAME_ORIGIN_HEADER]: '1' },
      remoteAddress: visitor.getStore(),
    });
    return new Response(reply.statusCode === 204 ? null : reply.rawPayload, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    });
  });

  const renderFresh = async (request: FastifyRequest): Promise<RenderedPage | undefined> => {
    try {
      const page = await visitor.run(request.ip, () => web.renderServerPage(request.url));
      const template = page ? templates.get(page.name) : undefined;
      return page && template
        ? new RenderedPage(web.fillDocument(template, { url: request.url, ...page }))
        : undefined;
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server page: render failed, sending the shell');
      return undefined;
    }
  };
  const ttl = Math.min(catalogue.ttlMs, PAGE_TTL_MAX_MS);
  // Only pages are kept: an address that is no page, or whose reads failed (this visitor's flood
  // allowance spent, say), is tried afresh for the next visitor.
  const cache =
    ttl > 0
      ? new LRUCache<string, RenderedPage, FastifyRequest>({
          max: 200,
          ttl,
          ...clockTiming(catalogue.clock ?? systemClock),
          fetchMethod: (_url, _stale, { context }) => renderFresh(context),
        })
      : null;
  return {
    async render(request) {
      // A render that began before an edit is kept under the old version, where nobody asks for it.
      const key = `${catalogue.version()} ${request.url}`;
      const page = cache ? await cache.fetch(key, { context: request }) : await renderFresh(request);
      return page ?? null;
    },
  };
}

type Encoding = keyof typeof compressors;
const compressors = {
  // Quality 5: within a few per cent of the best size for a page of this kind, at a fraction of the time.
  br: (body: Buffer) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 6 }),
};

/** Sends a rendered page, compressed as the phone accepts (static pages have precompressed twins). */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']) as
    Encoding | undefined;
  void reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (encoding) void reply.header('Content-Encoding', encoding);
  return reply.send(await page.body(encoding));
}
