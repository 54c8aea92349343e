// What app.close() lacks for a graceful shutdown behind keep-alive clients (browsers, nginx's upstream
// pool): Node's server.close() closes the connections idle at that moment, but a connection busy with
// an in-flight request would stay open after answering it until its keep-alive timeout, and close()
// would wait that long. While closing, every answer therefore carries `Connection: close`, and
// connections that fall idle anyway are closed every 100 ms. Fastify itself answers requests that
// arrive on open connections meanwhile with 503, and the listener accepts no new ones.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const gracefulClose = fp((app: FastifyInstance, _opts: unknown, done: () => void) => {
  let closing = false;
  let sweeper: NodeJS.Timeout | null = null;
  app.addHook('preClose', (next) => {
    closing = true;
    sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    sweeper.unref();
    next();
  });
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (closing) void reply.header('connection', 'close');
    next(null, payload);
  });
  app.addHook('onClose', (_instance, next) => {
    if (sweeper) clearInterval(sweeper);
    next();
  });
  done();
});
