import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { useE2eServer } from './browser.js';
import { startServer, STRESS_STAFF, type ServerProcess } from './server-process.js';

export type OwnServerOptions = {
  /** Fills the empty data folder before the server starts (e.g. the large demo data); a first start seeds the demo data otherwise. */
  prepare?: (dataDir: string) => Promise<unknown>;
  /** How long preparing and starting may take. */
  timeoutMs?: number;
};

/**
 * For a browser test outside the e2e project (a stress file runs alone, without the e2e servers):
 * the real server with the app on a data folder of its own, which the browser helpers then use
 * (`e2eServer`, `logIn`, `apiCaller`). Call it before the file's own hooks. Returns the server.
 */
export function useOwnBrowserServer(options: OwnServerOptions = {}): () => ServerProcess {
  let folder: string | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'backoffice-browser-'));
    const dataDir = path.join(folder, 'data');
    await options.prepare?.(dataDir);
    server = await startServer({ dataDir, withApp: true, startTimeoutMs: options.timeoutMs });
    useE2eServer({ baseUrl: server.baseUrl, ...STRESS_STAFF });
  }, options.timeoutMs ?? 600_000);
  afterAll(async () => {
    await server?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 120_000);
  return () => {
    if (!server) throw new Error('The server has not started yet');
    return server;
  };
}
