import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase } from '../../src/server/db/backup/dump-database.js';
import { restoreDatabase, RestoreRefused } from '../../src/server/db/backup/restore-database.js';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { fingerprintDatabase, type DatabaseFingerprint } from '../helpers/database-fingerprint.js';
import { recordFigures } from '../helpers/report-figures.js';
import { createTestDatabase } from '../helpers/test-database.js';

let source: DatabaseHandle;
let folder: string;
let dumpFile: string;
let before: DatabaseFingerprint;
const timings: Record<string, number> = {};

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  timings[name] = Math.round(performance.now() - started);
  return result;
}

/** A copy of the dump with its lines changed by `edit`, to feed restore a damaged file. */
function damagedCopy(name: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(dumpFile)).toString('utf8').trimEnd().split('\n');
  const file = path.join(folder, name);
  writeFileSync(file, gzipSync(`${edit(lines).join('\n')}\n`));
  return file;
}

async function withEmptyDatabase<T>(work: (target: DatabaseHandle) => Promise<T>): Promise<T> {
  const target = await createTestDatabase();
  try {
    return await work(target);
  } finally {
    await target.close();
  }
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
  dumpFile = path.join(folder, 'demo.jsonl.gz');
  source = await createTestDatabase();
  await seedDemoData(source.db, { scale: 'demo' });
  // A booking save leaves a snapshot; a deleted row leaves a gap the sequences must keep.
  await sql`DELETE FROM enquiries WHERE id = (SELECT max(id) FROM enquiries)`.execute(source.db);
  before = await fingerprintDatabase(source.db);
  await timed('dumpMs', () => dumpDatabase(source.db, source.kind, dumpFile));
}, 300_000);
afterAll(async () => {
  await source?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('brings every table back exactly: rows, values, prices and sequence positions', async () => {
    const after = await withEmptyDatabase(async (target) => {
      const summary = await timed('restoreMs', () => restoreDatabase(target.db, dumpFile));
      expect(summary.rowCounts).toEqual(before.rowCounts);
      return fingerprintDatabase(target.db);
    });
    expect(after.rowCounts).toEqual(before.rowCounts);
    expect(after.tableHashes).toEqual(before.tableHashes);
    expect(after.prices).toEqual(before.prices);
    expect(after.sequences).toEqual(before.sequences);
    expect(before.prices.rows).toBeGreaterThan(1000);
    recordFigures('backup', {
      data: 'demo',
      tables: Object.keys(before.rowCounts).length,
      rows: Object.values(before.rowCounts).reduce((total, count) => total + count, 0),
      priceRows: before.prices.rows,
      pricesChecksum: before.prices.checksum,
      identical: true,
      dumpMs: timings.dumpMs,
      restoreMs: timings.restoreMs,
    });
  }, 300_000);

  it('keeps the restored database working: new rows take fresh ids and the search index answers', async () => {
    await withEmptyDatabase(async (target) => {
      await restoreDatabase(target.db, dumpFile);
      const highest = await sql<{ id: number }>`SELECT max(id) AS id FROM enquiries`.execute(target.db);
      const inserted = await sql<{ id: number }>`INSERT INTO enquiries (name) VALUES ('after restore') RETURNING id`.execute(target.db);
      expect(inserted.rows[0].id).toBeGreaterThan(highest.rows[0].id + 1);
      const booking = await sql<{ id: number; booking_reference: string }>`SELECT id, booking_reference FROM bookings ORDER BY id LIMIT 1`.execute(target.db);
      await sql`UPDATE bookings SET last_name = 'Restoredson' WHERE id = ${booking.rows[0].id}`.execute(target.db);
      const found = await sql<{ booking_id: number }>`SELECT booking_id FROM booking_search WHERE terms @@ to_tsquery('simple', 'restoredson:*')`.execute(
        target.db,
      );
      expect(found.rows).toEqual([{ booking_id: booking.rows[0].id }]);
    });
  }, 300_000);

  it('refuses a database that holds data, unless forced, and then replaces it', async () => {
    await withEmptyDatabase(async (target) => {
      await sql`INSERT INTO currencies (name) VALUES ('Doubloon')`.execute(target.db);
      await expect(restoreDatabase(target.db, dumpFile)).rejects.toThrow(RestoreRefused);
      expect((await sql<{ name: string }>`SELECT name FROM currencies`.execute(target.db)).rows).toEqual([{ name: 'Doubloon' }]);

      await restoreDatabase(target.db, dumpFile, { force: true });
      const after = await fingerprintDatabase(target.db);
      expect(after.tableHashes).toEqual(before.tableHashes);
      expect(after.sequences).toEqual(before.sequences);
    });
  }, 300_000);

  it('refuses a cut-short or damaged dump and loads nothing of it', async () => {
    const cut = damagedCopy('cut.jsonl.gz', (lines) => lines.slice(0, -1));
    const badValue = damagedCopy('bad-value.jsonl.gz', (lines) => {
      const index = lines.findLastIndex((line) => line.startsWith('{"table":"tour_prices"'));
      const chunk = JSON.parse(lines[index]) as { table: string; rows: (string | null)[][] };
      chunk.rows.at(-1)![0] = 'not a number';
      return lines.map((line, lineIndex) => (lineIndex === index ? JSON.stringify(chunk) : line));
    });
    const notADump = path.join(folder, 'not-a-dump.jsonl.gz');
    writeFileSync(notADump, gzipSync('{"hello":"world"}\n'));
    await withEmptyDatabase(async (target) => {
      const untouched = await fingerprintDatabase(target.db);
      await expect(restoreDatabase(target.db, cut)).rejects.toThrow(/incomplete/);
      await expect(restoreDatabase(target.db, badValue)).rejects.toThrow(/integer/);
      await expect(restoreDatabase(target.db, notADump)).rejects.toThrow(/not a back-office dump/);
      expect(await fingerprintDatabase(target.db)).toEqual(untouched);
    });
  }, 300_000);

  it('refuses a dump of another schema', async () => {
    const older = damagedCopy('older.jsonl.gz', (lines) => {
      const header = JSON.parse(lines[0]) as { migrations: string[] };
      return [JSON.stringify({ ...header, migrations: header.migrations.slice(0, -1) }), ...lines.slice(1)];
    });
    await withEmptyDatabase((target) => expect(restoreDatabase(target.db, older)).rejects.toThrow(/schema/));
  }, 300_000);
});
