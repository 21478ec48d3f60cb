import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.js';
import { restoreDatabase } from '../db/backup/restore-database.js';
import { mediaStoreOf } from '../media/media-store.js';
import { openConfiguredDatabase } from '../open-configured-database.js';

const USAGE = 'Usage: npm run restore -- FILE [--force]   (into DATABASE_URL, or DATA_DIR, default ./data; --force replaces a database that holds data)';

/**
 * `npm run restore -- FILE`: loads a dump written by `npm run backup` into an empty database, in
 * one transaction (all of it or nothing), and its media files into the media store (MEDIA_S3_URL
 * or MEDIA_DIR). A database with data is refused unless --force.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const file = path.resolve(positionals[0]);
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const config = readConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const started = performance.now();
  const database = await openConfiguredDatabase(config);
  try {
    const media = mediaStoreOf(config);
    const summary = await restoreDatabase(database.db, file, { force: values.force, media, onProgress: (message) => console.log(`  ${message}`) });
    const rows = Object.values(summary.rowCounts).reduce((total, count) => total + count, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Restored ${rows.toLocaleString('en-GB')} rows in ${Object.keys(summary.rowCounts).length} ` +
        `tables and ${summary.sequences} sequences into ${where}, and ${summary.mediaFiles} media files into ${media.description}, in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
