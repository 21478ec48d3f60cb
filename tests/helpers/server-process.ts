import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const STRESS_STAFF = { email: 'stress@example.test', password: 'stress test password 1' };

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** Sends the signal and waits for the process to end. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

export type ServerOptions = {
  /** The embedded database folder; ignored with databaseUrl. */
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /** How long starting (migrations, a first demo seed, crash recovery) may take. */
  startTimeoutMs?: number;
  /** Serve the browser app too (built when needed), for browser tests; API only by default. */
  withApp?: boolean;
  /** The server's entry script; src/server/start.ts (npm start) by default. */
  script?: string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

/**
 * The real server as `npm start` runs it (src/server/start.ts, API only unless `withApp`), in a
 * process of its own, with a known staff login. Resolves once it listens.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'src/server/start.ts', ...(options.withApp ? [] : ['--api-only'])], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      STAFF_EMAIL: STRESS_STAFF.email,
      STAFF_PASSWORD: STRESS_STAFF.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in time:\n${output}`)), options.startTimeoutMs ?? 240_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Back-office running on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server stopped while starting (exit ${code ?? signal}):\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Logs the stress staff user in and returns the Authorization header value. */
export async function logIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_address: STRESS_STAFF.email, password: STRESS_STAFF.password }),
  });
  if (!response.ok) throw new Error(`Login failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return `Bearer ${token}`;
}
