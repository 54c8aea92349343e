// Process entry point: configuration, the app, and a graceful shutdown on SIGTERM/SIGINT.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { listen } from './lib/listen';

/** Under the 30 s a process manager (systemd, Kubernetes) usually waits before SIGKILL. */
const SHUTDOWN_DEADLINE_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await buildApp(config);
  if (!config.publicUrl && config.env === 'production') {
    app.log.warn(`PUBLIC_URL is not set: links in mails point to http://localhost:${config.port}`);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Fastify stops accepting connections, closes idle keep-alive ones, answers 503 on busy ones and
    // lets in-flight requests finish; then the onClose hooks close mail, the cache bus, Redis and the
    // database pool. Nothing should be left to keep the process alive.
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_DEADLINE_MS} ms: exiting with requests unfinished`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => {
        app.log.info('shut down: in-flight requests answered, pools and Redis closed');
        process.exitCode = 0;
        // The event loop should now end by itself; if a handle keeps it alive, name it and exit.
        setTimeout(() => {
          app.log.warn({ resources: process.getActiveResourcesInfo() }, 'still open after shutdown');
          process.exit(0);
        }, 2000).unref();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // A raised backlog keeps a burst of new connections queued in the kernel (up to net.core.somaxconn)
  // rather than dropped, and the phones' 1 s and 3 s SYN retries with them; more descriptors of the
  // socket take them from that queue as fast as they come, however busy the loop (lib/listen.ts).
  await listen(app, {
    host: config.host,
    port: config.port,
    backlog: config.listenBacklog,
    acceptsPerTurn: config.acceptsPerTurn,
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
