import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { TEMPLATE_DATABASE, adminUrl, withDatabase } from './postgres-urls.js';

let embeddedTemplate: Blob | null = null;

/**
 * A fresh, migrated database of its own: an in-memory PGlite cloned from the run's template, or a
 * new PostgreSQL database copied from the template database when DATABASE_URL is set. Closing it
 * drops the PostgreSQL copy.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'embedded') {
    embeddedTemplate ??= new Blob([readFileSync(template.file)]);
    return openDatabase({ kind: 'embedded', loadDataDir: embeddedTemplate });
  }
  const name = `backoffice_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(template.url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(template.url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl(template.url) });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
