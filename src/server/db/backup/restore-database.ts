import { sql, type Kysely, type Transaction } from 'kysely';
import { readCatalog, type CatalogTable } from './database-catalog.js';
import type { MediaStore } from '../../media/media-store.js';
import { storedFileType } from '../../media/media-storage.js';
import { TEXT_STYLE_SETTINGS, quoteIdentifier, type DumpHeader, type DumpMediaFile } from './dump-format.js';
import { openDump } from './read-dump.js';
import { freshDatabaseContents, tableContent } from './table-contents.js';

export type RestoreOptions = {
  /** Replace whatever the database holds; without it a database with any row is refused. */
  force?: boolean;
  onProgress?: (message: string) => void;
  /** Where the dump's media files go (written over when there); without it they are left out. */
  media?: MediaStore;
};

export type RestoreSummary = { rowCounts: Record<string, number>; sequences: number; mediaFiles: number };

/** A restore refused before anything changed (not a dump of this schema, or a non-empty database). */
export class RestoreRefused extends Error {}

/**
 * Loads a dump into a migrated database in one transaction: all of it or, on any error, nothing.
 * User triggers are off while loading, so derived tables (the booking search index and status
 * counts) come back exactly as dumped instead of being rebuilt twice; foreign keys stay checked.
 * Sequences are set to where they were, so new rows never reuse an id. The dump's media files are
 * written to `media` as they are read (after every row); a restore that fails after that leaves
 * those files in the store, each the same bytes as in the dump, and no row.
 */
export async function restoreDatabase<T>(db: Kysely<T>, file: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const progress = options.onProgress ?? (() => undefined);
  const { header, entries } = await openDump(file);
  const summary = await db.transaction().execute(async (trx) => {
    for (const setting of TEXT_STYLE_SETTINGS) await sql.raw(setting).execute(trx);
    const { tables, sequences } = await readCatalog(trx);
    await assertSameSchema(trx, header, tables);
    const used = await tablesWithData(trx, tables);
    if (used.length && !options.force) {
      throw new RestoreRefused(
        `Not restoring: the database already holds data (${used.slice(0, 5).join(', ')}${used.length > 5 ? ', ...' : ''}). ` +
          `Restore into an empty database, or pass --force to replace everything in it.`,
      );
    }
    if (used.length) progress(`Emptying ${used.length} tables (--force).`);
    // Also clears the rows the migrations made: the dump has them, as they were when dumped.
    await sql.raw(`TRUNCATE ${tables.map((table) => quoteIdentifier(table.name)).join(', ')}`).execute(trx);
    for (const table of tables) await sql.raw(`ALTER TABLE ${quoteIdentifier(table.name)} DISABLE TRIGGER USER`).execute(trx);

    const byName = new Map(tables.map((table) => [table.name, table]));
    const loadOrder = new Map(tables.map((table, index) => [table.name, index]));
    const deferred = new Map<string, (string | null)[][]>();
    const loaded: Record<string, number> = Object.fromEntries(tables.map((table) => [table.name, 0]));
    let current = -1;
    let trailerCounts: Record<string, number> | null = null;
    let sequencePositions: { name: string; lastValue: string; isCalled: boolean }[] = [];
    let mediaFiles = 0;
    let expectedMediaFiles: number | undefined;
    for await (const entry of entries) {
      if (entry.kind === 'trailer') {
        trailerCounts = entry.trailer.rowCounts;
        sequencePositions = entry.trailer.sequences;
        expectedMediaFiles = entry.trailer.mediaFiles;
        continue;
      }
      if (entry.kind === 'media') {
        mediaFiles += 1;
        await restoreMediaFile(entry.file, options.media, mediaFiles === 1 ? progress : () => undefined);
        continue;
      }
      const { table: name, rows } = entry.chunk;
      const table = byName.get(name);
      const position = loadOrder.get(name);
      if (!table || position === undefined || position < current) throw new Error(`The dump's rows of ${name} are out of place: the file is damaged.`);
      if (position > current) {
        current = position;
        progress(`Loading ${name}...`);
      }
      await insertRows(trx, table, rows);
      if (table.deferredColumns.length) {
        const later = deferred.get(name) ?? [];
        for (const row of deferredValues(table, rows)) later.push(row);
        deferred.set(name, later);
      }
      loaded[name] += rows.length;
    }
    for (const [name, rows] of deferred) await fillDeferred(trx, byName.get(name)!, rows);
    for (const table of tables) {
      const expected = trailerCounts?.[table.name] ?? 0;
      if (loaded[table.name] !== expected)
        throw new Error(`The dump says ${table.name} has ${expected} rows but holds ${loaded[table.name]}: the file is damaged.`);
    }
    if (expectedMediaFiles !== undefined && mediaFiles !== expectedMediaFiles)
      throw new Error(`The dump says it has ${expectedMediaFiles} media files but holds ${mediaFiles}: the file is damaged.`);
    for (const table of tables) await sql.raw(`ALTER TABLE ${quoteIdentifier(table.name)} ENABLE TRIGGER USER`).execute(trx);

    const known = new Set(sequences.map((sequence) => sequence.name));
    for (const position of sequencePositions) {
      if (!known.has(position.name)) throw new Error(`The dump has sequence ${position.name}, which this database lacks.`);
      await sql`SELECT setval(${quoteIdentifier(position.name)}::regclass, ${position.lastValue}::bigint, ${position.isCalled})`.execute(trx);
    }
    return { rowCounts: loaded, sequences: sequencePositions.length, mediaFiles: options.media ? mediaFiles : 0 };
  });
  // Fresh planner statistics, as after the seed: the embedded engine has no autovacuum to gather them.
  progress('Gathering planner statistics.');
  await sql`ANALYZE`.execute(db);
  return summary;
}

/** Writes one media file of the dump to the store, refusing a name the media storage would not make. */
async function restoreMediaFile(file: DumpMediaFile, media: MediaStore | undefined, progress: (message: string) => void) {
  const type = storedFileType(file.media);
  if (type === null) throw new Error(`The dump has a media file named ${JSON.stringify(file.media.slice(0, 80))}, which no upload makes: the file is damaged.`);
  if (!media) return;
  progress(`Writing media files to ${media.description}...`);
  await media.write(file.media, Buffer.from(file.base64, 'base64'), { replace: true, contentType: type });
}

/** Same migrations and the same tables and columns, or the rows would land in the wrong places. */
async function assertSameSchema<T>(trx: Transaction<T>, header: DumpHeader, tables: CatalogTable[]) {
  const migrations = (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(trx)).rows.map((row) => row.name);
  if (migrations.join() !== header.migrations.join()) {
    throw new RestoreRefused(
      `Not restoring: the dump was made at schema ${header.migrations.at(-1) ?? '(none)'} (${header.migrations.length} migrations) and this ` +
        `database is at ${migrations.at(-1) ?? '(none)'} (${migrations.length}). Restore it with the version of the back-office that wrote it.`,
    );
  }
  const describe = (list: CatalogTable[]) =>
    list.map((table) => `${table.name}(${table.columns.map((column) => `${column.name} ${column.type}`).join(', ')})`).join('; ');
  if (describe(header.tables) !== describe(tables)) throw new RestoreRefused('Not restoring: the tables in the dump differ from the tables of this database.');
}

/** Tables holding more than a freshly migrated database has in them. */
async function tablesWithData<T>(trx: Transaction<T>, tables: CatalogTable[]): Promise<string[]> {
  const fresh = await freshDatabaseContents();
  const used: string[] = [];
  for (const table of tables) {
    const { rows } = await sql.raw<{ used: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quoteIdentifier(table.name)}) AS used`).execute(trx);
    if (!rows[0].used) continue;
    const migrated = fresh.get(table.name);
    if (!migrated || (await tableContent(trx, table)).hash !== migrated.hash) used.push(table.name);
  }
  return used;
}

/** One statement per chunk: the rows travel as one JSON array of text values, cast per column. */
async function insertRows<T>(trx: Transaction<T>, table: CatalogTable, rows: (string | null)[][]) {
  if (!rows.length) return;
  const deferred = new Set(table.deferredColumns);
  const columns = table.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  const values = table.columns.map((column, index) => (deferred.has(column.name) ? `NULL::${column.type}` : `(r->>${index})::${column.type}`)).join(', ');
  const target = `${quoteIdentifier(table.name)} (${columns})`;
  await sql`INSERT INTO ${sql.raw(target)} OVERRIDING SYSTEM VALUE SELECT ${sql.raw(values)} FROM json_array_elements(${JSON.stringify(rows)}::json)
    AS e(r)`.execute(trx);
}

/** The key and deferred values of the rows whose deferred columns are set. */
function deferredValues(table: CatalogTable, rows: (string | null)[][]): (string | null)[][] {
  if (!table.primaryKey.length) throw new Error(`Table ${table.name} needs a primary key to restore its cyclic foreign keys.`);
  const indexOf = (name: string) => table.columns.findIndex((column) => column.name === name);
  const keys = table.primaryKey.map(indexOf);
  const later = table.deferredColumns.map(indexOf);
  return rows.filter((row) => later.some((index) => row[index] !== null)).map((row) => [...keys, ...later].map((index) => row[index]));
}

async function fillDeferred<T>(trx: Transaction<T>, table: CatalogTable, rows: (string | null)[][]) {
  const typeOf = (name: string) => table.columns.find((column) => column.name === name)!.type;
  const keyCount = table.primaryKey.length;
  const assignments = table.deferredColumns.map((name, index) => `${quoteIdentifier(name)} = (r->>${keyCount + index})::${typeOf(name)}`).join(', ');
  const match = table.primaryKey.map((name, index) => `t.${quoteIdentifier(name)} = (r->>${index})::${typeOf(name)}`).join(' AND ');
  for (let start = 0; start < rows.length; start += 2000) {
    const chunk = JSON.stringify(rows.slice(start, start + 2000));
    await sql`UPDATE ${sql.raw(`${quoteIdentifier(table.name)} AS t`)} SET ${sql.raw(assignments)} FROM json_array_elements(${chunk}::json) AS e(r)
      WHERE ${sql.raw(match)}`.execute(trx);
  }
}
