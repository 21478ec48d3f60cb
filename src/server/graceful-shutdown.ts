import type { Server, ServerResponse } from 'node:http';

/** How long a stopping process lets its requests in flight finish before it cuts their connections. */
export const SHUTDOWN_GRACE_MS = 30_000;

/**
 * How long a stopping process leaves its idle keep-alive connections open. Node's
 * `server.close()` cuts them at once, and a client that has just sent its next request on one
 * (a busy client sends it as soon as it has read an answer) gets a reset connection instead of
 * an answer: the rolling-restart stress test failed so. Every answer finished after the stop
 * began says `Connection: close`, so a connection still idle after this long has been quiet since
 * before the stop, and is cut.
 */
export const IDLE_GRACE_MS = 1_000;

type Closable = { server: Server; close: () => Promise<unknown> };

/** The answers being worked on, so a stop can tell them to close their connection too. */
function trackResponses(server: Server): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  return open;
}

/**
 * Stops the server without failing a request: it stops accepting connections, answers every
 * request still arriving on an open connection (with `Connection: close`, as Fastify does once
 * closing when `return503OnClosing` is off), cuts the connections still idle after
 * IDLE_GRACE_MS, waits for the requests in flight (at most `graceMs`, then cuts what is left),
 * then closes the database.
 */
export async function closeGracefully(
  app: Closable,
  closeDatabase: () => Promise<void>,
  inFlight: Set<ServerResponse>,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<void> {
  const server = app.server;
  // An answer begun before the stop closes its connection too, so no connection turns idle after it began.
  for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;
  const idleCut = setTimeout(closeIdleConnections, IDLE_GRACE_MS);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(idleCut);
    clearTimeout(deadline);
  }
  await closeDatabase();
}

/**
 * On SIGTERM or SIGINT: close gracefully, then exit 0 (1 if closing failed). A second signal
 * while closing changes nothing.
 */
export function closeOnSignals(app: Closable, closeDatabase: () => Promise<void>, log: (message: string) => void = console.log): void {
  const inFlight = trackResponses(app.server);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the requests in flight, then closing the server and the database (pid ${process.pid})...`);
    closeGracefully(app, closeDatabase, inFlight).then(
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
