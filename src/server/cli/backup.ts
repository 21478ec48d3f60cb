import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.js';
import { dumpDatabase } from '../db/backup/dump-database.js';
import { mediaStoreOf } from '../media/media-store.js';
import { openConfiguredDatabase } from '../open-configured-database.js';

const USAGE =
  'Usage: npm run backup -- [FILE] [--without-media]   (default backups/backup-<date>-<time>.jsonl.gz; database from DATABASE_URL, or DATA_DIR, ' +
  'default ./data; media files from MEDIA_S3_URL or MEDIA_DIR, left out with --without-media)';

const timestamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * `npm run backup`: writes a logical dump of the whole database (every table from one consistent
 * snapshot, and the sequences) and of the media library's files (from its folder or its bucket)
 * that `npm run restore` loads into the embedded database or PostgreSQL and the media store.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', default: false }, 'without-media': { type: 'boolean', default: false } },
  });
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    return;
  }
  const file = path.resolve(positionals[0] ?? path.join('backups', `backup-${timestamp()}.jsonl.gz`));
  mkdirSync(path.dirname(file), { recursive: true });
  const config = readConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const started = performance.now();
  const database = await openConfiguredDatabase(config);
  try {
    const media = values['without-media'] ? undefined : mediaStoreOf(config);
    const summary = await dumpDatabase(database.db, database.kind, file, { media });
    const rows = Object.values(summary.rowCounts).reduce((total, count) => total + count, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${where}: ${rows.toLocaleString('en-GB')} rows in ` +
        `${Object.keys(summary.rowCounts).length} tables, ${summary.sequences} sequences` +
        (media ? ` and ${summary.mediaFiles} media files from ${media.description}` : ' (media files left out)') +
        `, in ${seconds} s.`,
    );
    console.log(`Wrote ${file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB). Restore it with: npm run restore -- ${path.relative(process.cwd(), file)}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
