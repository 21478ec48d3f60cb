// The real server for browser and HTTP benchmarks, started as `npm start` starts it on a free
// port with an embedded database in a data folder (fresh: demo data and a printed demo login;
// or an existing one, e.g. the large demo data, with a staff login from the environment).

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type BenchServer = {
  baseUrl: string;
  email: string;
  password: string;
  /** CPU time the server process has used so far, in ms (Linux /proc; null elsewhere). */
  cpuMs: () => number | null;
  stop: () => Promise<void>;
};

export type BenchServerOptions = {
  /** An existing data folder (left in place on stop); without it a fresh one with demo data. */
  dataDir?: string;
  /** Serve only the API (no app build): enough for HTTP benchmarks. */
  apiOnly?: boolean;
};

const STAFF = { email: 'bench@example.test', password: 'bench password long enough' };

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'backoffice-bench-'));
  // 4300-4499 holds no port that fetch refuses as unsafe (4190, sieve, is one: 'bad port').
  const port = 4300 + Math.floor(Math.random() * 200);
  const staff = options.dataDir ? { STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password } : { STAFF_EMAIL: '', STAFF_PASSWORD: '' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts', ...(options.apiOnly ? ['--api-only'] : [])], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', ...staff },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const login = await waitForStart(child, options.dataDir ? STAFF : null);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ...login,
    cpuMs: () => processCpuMs(child.pid),
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForStart(child: ChildProcess, staff: { email: string; password: string } | null): Promise<{ email: string; password: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const demo = /Staff login: (\S+) \/ (\S+)/.exec(output);
      if (demo) resolve({ email: demo[1], password: demo[2] });
      else if (staff && output.includes('Back-office running on')) resolve(staff);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`The server stopped (exit ${code}):\n${output}`)));
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU time of a process, from /proc/{pid}/stat (fields 14 and 15, in clock ticks). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // After the command name, field 14 (utime) is at index 11 and field 15 (stime) at index 12.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export type ApiCaller = <T>(method: string, route: string, body?: unknown) => Promise<T>;

/**
 * Logs in and calls the API over HTTP with the token. With `fromDatabase`, every call asks for
 * no-cache, so the server reads the database instead of answering from its read cache.
 */
export async function benchApiCaller(server: Pick<BenchServer, 'baseUrl' | 'email' | 'password'>, { fromDatabase = false } = {}): Promise<ApiCaller> {
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_address: server.email, password: server.password }),
  });
  if (!login.ok) throw new Error(`Login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}/api/v1/${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(fromDatabase ? { 'cache-control': 'no-cache' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
