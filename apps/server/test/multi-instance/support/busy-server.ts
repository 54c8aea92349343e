// A Fastify server that listens through lib/listen.ts, closes as the API does (plugins/graceful-close)
// and whose /busy route holds the event loop for BUSY_MS, as exam night's requests hold the API's one
// loop, without the rest of the API. It closes on SIGTERM.
import Fastify from 'fastify';
import { listen } from '../../../src/lib/listen';
import { gracefulClose } from '../../../src/plugins/graceful-close';

const BUSY_MS = Number(process.env.BUSY_MS ?? 20);

// JSON lines as the API logs them (support/processes.ts reads its port from "Server listening at"),
// with a descriptor that could not be made among them; not a line a request.
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, disableRequestLogging: true });
// The API's close: answers carry `Connection: close` and idle connections are closed as they fall idle.
await app.register(gracefulClose);
app.get('/busy', async () => {
  const until = performance.now() + BUSY_MS;
  while (performance.now() < until);
  return { busy: BUSY_MS };
});
app.get('/quick', async () => ({ quick: true }));
// In flight for SLOW_MS without holding the loop: what a graceful close must wait for.
app.get('/slow', async () => {
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.SLOW_MS ?? 300)));
  return { slow: true };
});

await listen(app, {
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  backlog: Number(process.env.LISTEN_BACKLOG ?? 4096),
  acceptsPerTurn: Number(process.env.ACCEPTS_PER_TURN),
});
// "Server listening at" comes before the further descriptors exist; this line after.
app.log.info('every descriptor listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
