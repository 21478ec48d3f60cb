import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { fingerprintDatabase, type DatabaseFingerprint } from '../helpers/database-fingerprint.js';
import { copyLargeDemoData } from '../helpers/large-demo-data.js';
import { recordFigures } from '../helpers/report-figures.js';
import { runCli } from '../helpers/run-cli.js';
import { createServerDatabase, stressEngines, type ServerDatabase } from '../helpers/stress-databases.js';

// `npm run backup` of the large demo data and `npm run restore` of that file into a new embedded
// database (and into PostgreSQL when TEST_POSTGRES_URL is set: the same dump moves between
// engines, and a backup taken from PostgreSQL comes back into an embedded database), compared
// table by table: row counts, every row's text, the prices' checksum, sequences.

let folder: string;
let sourceDir: string;
let dumpFile: string;
let source: DatabaseFingerprint;
const figures: Record<string, unknown> = {};

async function fingerprintOf(target: { dataDir: string; databaseUrl?: string }): Promise<DatabaseFingerprint> {
  const handle: DatabaseHandle = target.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: target.databaseUrl })
    : await openDatabase({ kind: 'embedded', dataDir: target.dataDir });
  try {
    return await fingerprintDatabase(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'backup-large-'));
  sourceDir = path.join(folder, 'source');
  dumpFile = path.join(folder, 'large.jsonl.gz');
  const seeded = await copyLargeDemoData(sourceDir);
  if (seeded.seededNow) figures.seedMs = seeded.seedMs;
  figures.backupMs = runCli('backup', [dumpFile], { DATA_DIR: sourceDir });
  figures.dumpMegabytes = Number((statSync(dumpFile).size / 1024 / 1024).toFixed(1));
  source = await fingerprintOf({ dataDir: sourceDir });
}, 900_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('backup and restore of the large demo data', () => {
  for (const engine of stressEngines()) {
    describe(`into ${engine === 'pglite' ? 'a new embedded database' : 'PostgreSQL'}`, () => {
      let target: ServerDatabase;
      let restored: DatabaseFingerprint;
      beforeAll(async () => {
        target = await createServerDatabase(engine, 'restore-large');
        figures[`restoreMs_${engine}`] = runCli(
          'restore',
          [dumpFile],
          target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir },
        );
        restored = await fingerprintOf(target);
      }, 900_000);
      afterAll(() => target?.drop());

      it('has every table with the same number of rows', () => {
        expect(source.rowCounts.bookings).toBe(50_000);
        expect(restored.rowCounts).toEqual(source.rowCounts);
      });

      it('has the same prices, to the last digit', () => {
        expect(source.prices.rows).toBeGreaterThan(30_000);
        expect(restored.prices).toEqual(source.prices);
      });

      it('has every row of every table unchanged, and the sequences where they were', () => {
        expect(restored.tableHashes).toEqual(source.tableHashes);
        expect(restored.sequences).toEqual(source.sequences);
        figures[`identical_${engine}`] = true;
      });

      it('refuses to restore over it again without --force', () => {
        expect(() => runCli('restore', [dumpFile], target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir })).toThrow(
          /already holds data/,
        );
      });

      if (engine === 'postgres') {
        it('backs up from PostgreSQL with npm run backup, and that dump restores into a new embedded database unchanged', async () => {
          const fromPostgres = path.join(folder, 'from-postgres.jsonl.gz');
          figures.backupMs_postgres = runCli('backup', [fromPostgres], { DATABASE_URL: target.databaseUrl! });
          const embedded = await createServerDatabase('pglite', 'restore-from-postgres');
          try {
            runCli('restore', [fromPostgres], { DATA_DIR: embedded.dataDir });
            const back = await fingerprintOf(embedded);
            expect(back.rowCounts).toEqual(source.rowCounts);
            expect(back.prices).toEqual(source.prices);
            expect(back.tableHashes).toEqual(source.tableHashes);
            expect(back.sequences).toEqual(source.sequences);
            figures.identical_postgres_to_pglite = true;
          } finally {
            await embedded.drop();
          }
        });
      }
    });
  }
});

afterAll(() => {
  recordFigures('backup', {
    data: 'large',
    tables: Object.keys(source.rowCounts).length,
    rows: Object.values(source.rowCounts).reduce((total, count) => total + count, 0),
    priceRows: source.prices.rows,
    pricesChecksum: source.prices.checksum,
    ...figures,
  });
});
