import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { E2eServer } from './browser.js';
import { startServer, type ServerProcess } from './server-process.js';

// The demo login is the one npm start prints on a first start; a copied folder keeps it.
const NO_CONFIGURED_STAFF = { STAFF_EMAIL: '', STAFF_PASSWORD: '' };

/**
 * The browser tests' servers: one per vitest worker, so browser files run side by side without
 * sharing a server. The data folder is made once, exactly as a first `npm start` makes it (build
 * when needed, embedded database, demo data, printed staff login), then stopped cleanly; each
 * worker's server starts on a copy of it the first time a file of that worker asks
 * (tests/helpers/e2e-setup.ts, through a small HTTP endpoint of this process). The folder is
 * prepared in the background, so the unit and API files run meanwhile.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  const template = prepareTemplate(path.join(folder, 'template'));
  // Not a failure yet: it is reported to the first browser file that asks.
  template.catch(() => undefined);
  const servers = new Map<string, Promise<{ running: ServerProcess; server: E2eServer }>>();

  const serverFor = (worker: string) => {
    let started = servers.get(worker);
    if (!started) {
      started = template.then(async (login) => {
        const dataDir = path.join(folder, `worker-${worker}`);
        cpSync(login.dataDir, dataDir, { recursive: true });
        const running = await startServer({ dataDir, withApp: true, env: NO_CONFIGURED_STAFF });
        return { running, server: { baseUrl: running.baseUrl, email: login.email, password: login.password } };
      });
      servers.set(worker, started);
    }
    return started;
  };

  const endpoint = createServer((request, response) => {
    const worker = /^\/server\/(\d+)$/.exec(request.url ?? '')?.[1];
    if (!worker) {
      response.writeHead(404).end();
      return;
    }
    serverFor(worker).then(
      ({ server }) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(server)),
      (error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  project.provide('e2eServers', `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`);

  return async () => {
    endpoint.close();
    const started = await Promise.allSettled(servers.values());
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.running.stop() : undefined)));
    await template.catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  };
}

/** A first `npm start` on an empty folder, stopped (SIGTERM: checkpointed and closed) once it has printed the demo login. */
async function prepareTemplate(dataDir: string): Promise<{ dataDir: string; email: string; password: string }> {
  const first = await startServer({ dataDir, withApp: true, env: NO_CONFIGURED_STAFF, startTimeoutMs: 600_000 });
  try {
    const login = await printedLogin(first);
    return { dataDir, ...login };
  } finally {
    await first.stop();
  }
}

/** The demo login the server prints right after it starts listening. */
function printedLogin(server: ServerProcess): Promise<{ email: string; password: string }> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = /Staff login: (\S+) \/ (\S+)/.exec(server.output());
      if (!match) return false;
      server.child.stdout?.off('data', look);
      resolve({ email: match[1], password: match[2] });
      return true;
    };
    if (look()) return;
    server.child.stdout?.on('data', look);
    server.child.once('exit', () => look() || reject(new Error(`The server printed no demo login:\n${server.output()}`)));
  });
}

declare module 'vitest' {
  // Module augmentation merges only into an interface, so this one cannot be a type.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Where a browser test file asks for its worker's server (GET /server/<VITEST_POOL_ID>). */
    e2eServers: string;
  }
}
