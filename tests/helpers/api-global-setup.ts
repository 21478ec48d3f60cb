import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { TEMPLATE_DATABASE, adminUrl, withDatabase } from './postgres-urls.js';

/**
 * Migrates one database for the whole run; every test file then starts from a copy of it
 * (PGlite: its dumped data folder; PostgreSQL: CREATE DATABASE ... TEMPLATE). initdb and
 * migrations run once instead of once per file.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({ kind: 'postgres', url: withDatabase(databaseUrl, TEMPLATE_DATABASE) });
    await migrateToLatest(template.db);
    await template.close();
    project.provide('databaseTemplate', { kind: 'postgres', url: databaseUrl });
    return;
  }
  const handle = await openDatabase({ kind: 'embedded' });
  await migrateToLatest(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const folder = path.resolve('.tmp');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'embedded', file });
  // The run's copy goes with the run, so repeated runs do not fill the disk.
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  // Module augmentation merges only into an interface, so this one cannot be a type.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseTemplate: { kind: 'embedded'; file: string } | { kind: 'postgres'; url: string };
  }
}
