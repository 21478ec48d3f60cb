import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { buffer } from 'node:stream/consumers';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MediaStore } from '../../media/media-store.js';
import { storedFileType } from '../../media/media-storage.js';
import { readCatalog, type CatalogTable } from './database-catalog.js';
import {
  DUMP_FORMAT,
  DUMP_FORMAT_VERSION,
  TEXT_STYLE_SETTINGS,
  quoteIdentifier,
  type DumpHeader,
  type DumpMediaFile,
  type DumpTrailer,
  type SequencePosition,
} from './dump-format.js';

const FETCH_ROWS = 2000;

export type DumpSummary = { file: string; rowCounts: Record<string, number>; sequences: number; mediaFiles: number; bytes: number };

export type DumpOptions = {
  /** The media store whose files go into the dump too; without it the dump holds the database alone. */
  media?: MediaStore;
};

/**
 * Writes every table of the database to `file` from one consistent snapshot (a read-only
 * repeatable-read transaction: on PostgreSQL the server may keep writing meanwhile). The file is
 * written beside the target and renamed into place when complete.
 */
export async function dumpDatabase<T>(db: Kysely<T>, engine: DumpHeader['engine'], file: string, options: DumpOptions = {}): Promise<DumpSummary> {
  const partial = `${file}.partial`;
  const result: { trailer?: DumpTrailer } = {};
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        for (const setting of TEXT_STYLE_SETTINGS) await sql.raw(setting).execute(trx);
        const lines = dumpLines(trx, engine, options.media, (trailer) => (result.trailer = trailer));
        await pipeline(Readable.from(lines), createGzip(), createWriteStream(partial));
      });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const { rowCounts, sequences, mediaFiles = 0 } = result.trailer!;
  return { file, rowCounts, sequences: sequences.length, mediaFiles, bytes: statSync(file).size };
}

async function* dumpLines<T>(
  trx: Transaction<T>,
  engine: DumpHeader['engine'],
  media: MediaStore | undefined,
  done: (trailer: DumpTrailer) => void,
): AsyncGenerator<string> {
  const catalog = await readCatalog(trx);
  const migrations = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(trx);
  const header: DumpHeader = {
    format: DUMP_FORMAT,
    formatVersion: DUMP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    engine,
    migrations: migrations.rows.map((row) => row.name),
    tables: catalog.tables,
  };
  yield `${JSON.stringify(header)}\n`;

  const rowCounts: Record<string, number> = {};
  for (const table of catalog.tables) {
    rowCounts[table.name] = 0;
    for await (const rows of readTable(trx, table)) {
      rowCounts[table.name] += rows.length;
      yield `${JSON.stringify({ table: table.name, rows })}\n`;
    }
  }
  // Read last: a sequence is never behind the ids of the rows already dumped.
  const sequences: SequencePosition[] = [];
  for (const { name } of catalog.sequences) {
    const position = await sql<{ last_value: string; is_called: boolean }>`SELECT last_value::text AS last_value, is_called FROM ${sql.id(name)}`.execute(trx);
    sequences.push({ name, lastValue: position.rows[0].last_value, isCalled: position.rows[0].is_called });
  }
  // Files are read after the rows: an image uploaded meanwhile may be in the dump without its row
  // (restored as a file nobody lists), never a row without its file.
  let mediaFiles = 0;
  if (media) {
    for await (const name of media.list()) {
      // Only names the storage makes: whatever else sits in the folder or bucket is not the library's.
      if (storedFileType(name) === null) continue;
      yield `${JSON.stringify({ media: name, base64: (await buffer(await media.read(name))).toString('base64') } satisfies DumpMediaFile)}\n`;
      mediaFiles += 1;
    }
  }
  const trailer: DumpTrailer = { end: true, rowCounts, sequences, mediaFiles };
  done(trailer);
  yield `${JSON.stringify(trailer)}\n`;
}

/** A table's rows in primary-key order, through a cursor so a large table is never all in memory. */
async function* readTable<T>(trx: Transaction<T>, table: CatalogTable): AsyncGenerator<(string | null)[][]> {
  const values = table.columns.map((column) => `${quoteIdentifier(column.name)}::text`).join(', ');
  const order = table.primaryKey.length ? ` ORDER BY ${table.primaryKey.map(quoteIdentifier).join(', ')}` : '';
  await sql.raw(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ARRAY[${values}] AS r FROM ${quoteIdentifier(table.name)}${order}`).execute(trx);
  try {
    for (;;) {
      const { rows } = await sql.raw<{ r: (string | null)[] }>(`FETCH ${FETCH_ROWS} FROM backup_rows`).execute(trx);
      if (!rows.length) break;
      yield rows.map((row) => row.r);
    }
  } finally {
    await sql.raw('CLOSE backup_rows').execute(trx);
  }
}
