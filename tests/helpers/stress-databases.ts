import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { ServerConfig } from '../../src/server/config.js';
import { adminUrl, withDatabase } from './postgres-urls.js';
import { createTestApp, type TestApp } from './test-app.js';

export type StressEngine = 'pglite' | 'postgres';

/** Where a server under test keeps its data: a fresh embedded folder, or a new PostgreSQL database. */
export type ServerDatabase = { engine: StressEngine; dataDir: string; databaseUrl?: string; drop: () => Promise<void> };

/** The engines a stress suite runs on: always the embedded one, PostgreSQL when one is given. */
export function stressEngines(): StressEngine[] {
  return process.env.TEST_POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The PostgreSQL server for stress runs: TEST_POSTGRES_URL, or DATABASE_URL inside the API suite's PostgreSQL run. */
export const stressPostgresUrl = () => process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || '';

export async function createServerDatabase(engine: StressEngine, label: string): Promise<ServerDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${label}-`));
  if (engine === 'pglite') return { engine, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const server = stressPostgresUrl();
  if (!server) throw new Error('PostgreSQL stress runs need TEST_POSTGRES_URL');
  const name = `${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl(server) });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    engine,
    dataDir,
    databaseUrl: withDatabase(server, name),
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The API in-process (createTestApp) on the given engine: PostgreSQL gets a new migrated database. */
export async function createEngineTestApp(engine: StressEngine, config: Partial<ServerConfig> = {}): Promise<TestApp> {
  if (engine === 'pglite' || process.env.DATABASE_URL) return createTestApp(config);
  const server = await createServerDatabase('postgres', 'stress_app');
  const handle = await openDatabase({ kind: 'postgres', url: server.databaseUrl! });
  await migrateToLatest(handle.db);
  return createTestApp(config, { ...handle, close: async () => (await handle.close(), await server.drop()) });
}
