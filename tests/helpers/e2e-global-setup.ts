import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the real server exactly as `npm start` does (build when needed, embedded database in a
 * fresh folder, demo data, printed staff login) on a free port, for every browser test.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', STAFF_EMAIL: '', STAFF_PASSWORD: '', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const login = await waitForLogin(server);
  project.provide('e2e', { baseUrl: `http://127.0.0.1:${port}`, email: login.email, password: login.password });
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForLogin(server: ChildProcess): Promise<{ email: string; password: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start in time:\n${output}`)), 240_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Staff login: (\S+) \/ (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ email: match[1], password: match[2] });
      }
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`The server stopped (exit ${code}):\n${output}`)));
  });
}

declare module 'vitest' {
  // Module augmentation merges only into an interface, so this one cannot be a type.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    e2e: { baseUrl: string; email: string; password: string };
  }
}
