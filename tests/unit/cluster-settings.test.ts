import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerCount, workersProblem } from '../../src/server/cluster.js';
import { readConfig } from '../../src/server/config.js';

describe('the number of server processes', () => {
  it('is one unless WORKERS or --workers says otherwise, the command line winning', () => {
    expect(readConfig({}).workers).toBe(1);
    expect(workerCount(['node', 'start.ts'], readConfig({ WORKERS: '3' }).workers)).toBe(3);
    expect(workerCount(['node', 'start.ts', '--workers', '2'], readConfig({ WORKERS: '3' }).workers)).toBe(2);
  });

  it('accepts several processes on PostgreSQL only, and says why', () => {
    expect(workersProblem(1, null)).toBeNull();
    expect(workersProblem(4, 'postgres://db.internal/backoffice')).toBeNull();
    expect(workersProblem(2, null)).toBe(
      'WORKERS=2: several server processes need PostgreSQL (set DATABASE_URL). The embedded database lives inside one process ' +
        'and its data folder takes one server only; start without WORKERS.',
    );
  });

  it('refuses a count that is not a whole number above zero', () => {
    for (const workers of [0, -1, 1.5, Number.NaN]) {
      expect(workersProblem(workers, 'postgres://db.internal/backoffice')).toBe(
        'WORKERS (or --workers) must be a whole number of server processes, 1 or more.',
      );
    }
    expect(workerCount(['node', 'start.ts', '--workers', 'many'], 1)).toBeNaN();
  });

  it('makes npm start refuse WORKERS=2 on the embedded database before opening it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'workers-refused-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', WORKERS: '2' };
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/start.ts', '--api-only'], { env, encoding: 'utf8', timeout: 30_000 });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('WORKERS=2: several server processes need PostgreSQL (set DATABASE_URL).');
      // Nothing was created: the embedded database was never opened.
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
