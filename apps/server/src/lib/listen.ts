// The API's listening socket, with more than one descriptor (decision 0014).
//
// libuv (1.45 and later: Node 20, 22, 24) accepts one connection per listening descriptor each time
// round the event loop, and a loop busy with the requests of the connections it already has goes
// round slowly. On exam night that made every phone's first request wait: the kernel completed its
// connection at once, then held it in the accept queue for 1 to 3 seconds while the requests of
// phones already connected were answered in milliseconds. Each further descriptor of the same socket
// is polled on its own and takes one more connection per turn; their connections are handed to the
// Fastify server as its own (`'connection'`), so its timeouts, error answers and graceful close apply.
//
// Node cannot duplicate a descriptor, but sending a handle over IPC does: a short-lived helper
// (listen-descriptors.mjs) is sent the socket's handle and sends it back `acceptsPerTurn - 1` times.
// A cluster worker gets its connections from the primary, which is not busy, so it listens as it is.
import { fork, type SendHandle } from 'node:child_process';
import cluster from 'node:cluster';
import { Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type ListenOptions = {
  host: string;
  port: number;
  /** Connections the kernel queues before they are accepted (capped by net.core.somaxconn). */
  backlog: number;
  /** Descriptors of the listening socket: new connections the loop may accept per turn (1: Node's own). */
  acceptsPerTurn: number;
};

const HELPER = new URL('./listen-descriptors.mjs', import.meta.url);
/** The helper answers in tens of milliseconds; past this the API listens with one descriptor. */
const HELPER_TIMEOUT_MS = 10_000;

/** Listens as `app.listen` does, with `acceptsPerTurn` descriptors; must be called before `app.ready()`. */
export async function listen(app: FastifyInstance, options: ListenOptions): Promise<void> {
  const copies: Server[] = [];
  const handedOver = new Set<Socket>();
  // On close the copies stop accepting at once, with the server's own descriptor; and the close waits
  // for the connections they handed over, which the server's own close does not count (the graceful-
  // close plugin's sweep closes them as they fall idle). Registered before listening (hooks cannot be
  // added to a started instance), so this onClose runs before those registered earlier: the database
  // is still open while their last requests are answered.
  let drained: (() => void) | null = null;
  app.addHook('preClose', async () => {
    for (const copy of copies) copy.close();
  });
  app.addHook('onClose', async () => {
    if (handedOver.size > 0) await new Promise<void>((resolve) => (drained = resolve));
  });
  await app.listen({ host: options.host, port: options.port, backlog: options.backlog });
  if (options.acceptsPerTurn <= 1 || cluster.isWorker) return;

  const handOver = (socket: Socket) => {
    handedOver.add(socket);
    socket.once('close', () => {
      handedOver.delete(socket);
      if (handedOver.size === 0) drained?.();
    });
    app.server.emit('connection', socket);
  };
  try {
    await copiesOf(app.server, options.acceptsPerTurn - 1, (handle) => {
      const copy = new Server();
      copy.on('connection', handOver);
      copy.on('error', (error) =>
        app.log.error({ err: error }, 'a descriptor of the listening socket failed'),
      );
      copies.push(copy.listen(handle, options.backlog));
    });
  } catch (error) {
    for (const copy of copies.splice(0)) copy.close();
    app.log.warn({ err: error }, 'listening with one descriptor: its copies could not be made');
  }
}

/** The raw handle of a listening server: what `server.listen(handle)` takes, sent over IPC as is. */
type RawHandle = object;

/**
 * `count` more descriptors of `server`'s socket, each handed raw to `onCopy` the moment it arrives.
 * The server's `_handle` is Node's own field (the "underlying handle" `server.listen(handle)` and
 * `subprocess.send(message, handle)` speak of): sent raw, the helper never listens on it. keepOpen:
 * without it Node closes a sent handle in the sender once it is received.
 */
function copiesOf(server: Server, count: number, onCopy: (handle: RawHandle) => void) {
  return new Promise<void>((resolve, reject) => {
    let received = 0;
    let settled = false;
    const helper = fork(HELPER, { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        helper.kill();
        reject(error);
      } else {
        // The helper ends once its channel is closed.
        if (helper.connected) helper.disconnect();
        resolve();
      }
    };
    const timer = setTimeout(() => settle(new Error('the helper did not answer')), HELPER_TIMEOUT_MS);
    helper.once('error', settle);
    helper.once('exit', (code) => settle(new Error(`the helper exited early (${code})`)));
    helper.on('message', (message: { type?: string }, handle: unknown) => {
      if (message.type !== 'copy' || typeof handle !== 'object' || handle === null) return;
      onCopy(handle);
      received += 1;
      if (received === count) settle(null);
    });
    const own = (server as unknown as { _handle: RawHandle | null })._handle;
    if (!own) return settle(new Error('the server is not listening'));
    // A raw handle is a SendHandle to Node (its 'net.Native' kind), not to its type definitions.
    helper.send({ copies: count }, own as SendHandle, { keepOpen: true });
  });
}
