import type { Server } from 'node:http';

/** How long a stopping process lets its requests in flight finish before it cuts their connections. */
export const SHUTDOWN_GRACE_MS = 30_000;

/**
 * How long the server keeps an idle keep-alive connection. Clients learn it from the Keep-Alive
 * header and stop reusing a connection a second before (Node's fetch does), so a stopping process
 * can leave its idle connections to this timer without ever closing one under a request that is
 * already on its way. Fastify's own default (72 s) would hold a shutdown past its grace time.
 */
export const KEEP_ALIVE_MS = 5_000;

type Closable = { server: Server; close: () => Promise<unknown> };

/**
 * Stops the server without failing a request: it stops accepting connections, answers every
 * request still arriving on an open connection (with `Connection: close`, as Fastify does once
 * closing when `return503OnClosing` is off), waits for them to end (at most `graceMs`, then cuts
 * what is left), then closes the database. Idle connections are not cut at once as Node's
 * `server.close()` would: a client may have just sent its next request on one; they end with
 * their keep-alive timeout instead.
 */
export async function closeGracefully(app: Closable, closeDatabase: () => Promise<void>, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  app.server.closeIdleConnections = () => undefined;
  const deadline = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  await closeDatabase();
}

/**
 * On SIGTERM or SIGINT: close gracefully, then exit 0 (1 if closing failed). A second signal
 * while closing changes nothing.
 */
export function closeOnSignals(app: Closable, closeDatabase: () => Promise<void>, log: (message: string) => void = console.log): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the requests in flight, then closing the server and the database (pid ${process.pid})...`);
    closeGracefully(app, closeDatabase).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Closing failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
