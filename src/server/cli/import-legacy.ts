import { readConfig } from '../config.js';
import { formatImportSummary } from '../db/legacy-import/format-import-summary.js';
import { importLegacyData } from '../db/legacy-import/import-legacy-data.js';
import { readLegacyFile } from '../db/legacy-import/read-legacy-file.js';
import { openConfiguredDatabase } from '../open-configured-database.js';

/**
 * `npm run import:legacy -- FILE.json [--dry-run]`: imports a legacy pricing export into the
 * database of DATABASE_URL, or the embedded one in DATA_DIR, opened as the server opens it.
 */
async function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const files = args.filter((arg) => arg !== '--dry-run');
  if (files.length !== 1 || files[0].startsWith('-')) throw new Error('Usage: npm run import:legacy -- FILE.json [--dry-run]');
  const started = performance.now();
  // The file is checked before the database is opened: a bad file fails fast and touches nothing.
  const legacy = await readLegacyFile(files[0]);
  const readMilliseconds = performance.now() - started;
  const database = await openConfiguredDatabase(readConfig());
  try {
    const summary = await importLegacyData(database.db, legacy, { dryRun, readMilliseconds });
    console.log(formatImportSummary(summary));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
