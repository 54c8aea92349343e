// A page whose HTML is still arriving when the app's JavaScript has already run: what a phone with a
// slow CPU and a long page meets when the boot script starts the app after the first paint, before
// the parser has reached the end of the document. A proxy in front of the server passes everything
// through, except that one document, which it sends in two parts.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SplitDocument = {
  /** The proxy's address: open the page here. */
  url: string;
  /** Sends the rest of the document. */
  sendRest(): void;
  close(): Promise<void>;
};

/** Proxies `target`; the document at `path` stops just before `splitBefore` until `sendRest()`. */
export async function splitDocument(
  target: string,
  path: string,
  splitBefore: string,
): Promise<SplitDocument> {
  const upstream = new URL(target);
  let sendRest: () => void = () => undefined;
  const rest = new Promise<void>((resolve) => (sendRest = resolve));

  const proxy: Server = createServer((incoming, outgoing) => {
    const split = incoming.url === path;
    const headers = { ...incoming.headers, host: upstream.host };
    // The document is cut as text, so it must come uncompressed.
    if (split) headers['accept-encoding'] = 'identity';
    const toServer = forward(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers },
      (fromServer) => {
        if (!split) {
          outgoing.writeHead(fromServer.statusCode ?? 502, fromServer.headers);
          fromServer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        fromServer.on('data', (chunk: Buffer) => chunks.push(chunk));
        fromServer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const at = html.indexOf(splitBefore);
          if (at < 0) {
            outgoing.writeHead(500).end(`the document at ${path} has no ${splitBefore}`);
            return;
          }
          const { 'content-length': _whole, ...partHeaders } = fromServer.headers;
          outgoing.writeHead(fromServer.statusCode ?? 502, partHeaders);
          outgoing.write(html.slice(0, at));
          void rest.then(() => outgoing.end(html.slice(at)));
        });
      },
    );
    toServer.on('error', () => outgoing.destroy());
    incoming.pipe(toServer);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sendRest: () => sendRest(),
    close: () =>
      new Promise<void>((resolve) => {
        sendRest();
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
