import { sql, type Kysely, type Transaction } from 'kysely';
import { openDatabase } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { readCatalog, type CatalogTable } from './database-catalog.js';
import { TEXT_STYLE_SETTINGS, quoteIdentifier } from './dump-format.js';

export type TableContent = { rows: number; hash: string };

/**
 * A table's row count and an md5 of every row's text in key order: equal only if every value is.
 * Call inside a transaction that applied TEXT_STYLE_SETTINGS, so the text does not depend on the
 * session's time zone or date style.
 */
export async function tableContent<T>(db: Kysely<T> | Transaction<T>, table: CatalogTable): Promise<TableContent> {
  const order = (table.primaryKey.length ? table.primaryKey : table.columns.map((column) => column.name))
    .map((column) => `t.${quoteIdentifier(column)}`)
    .join(', ');
  const { rows } = await sql
    .raw<{ rows: number; hash: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, E'\\n' ORDER BY ${order})) AS hash FROM ${quoteIdentifier(table.name)} AS t`,
    )
    .execute(db);
  return { rows: rows[0].rows, hash: rows[0].hash ?? '' };
}

let fresh: Promise<Map<string, TableContent>> | null = null;

/**
 * What a database holds straight after its migrations (a few settings rows), read once from a
 * new in-memory database: a database holding only that is empty for a restore.
 */
export function freshDatabaseContents(): Promise<Map<string, TableContent>> {
  fresh ??= (async () => {
    const handle = await openDatabase({ kind: 'embedded' });
    try {
      await migrateToLatest(handle.db);
      const db = handle.db as unknown as Kysely<unknown>;
      return await db.transaction().execute(async (trx) => {
        for (const setting of TEXT_STYLE_SETTINGS) await sql.raw(setting).execute(trx);
        const contents = new Map<string, TableContent>();
        for (const table of (await readCatalog(trx)).tables) {
          const content = await tableContent(trx, table);
          if (content.rows) contents.set(table.name, content);
        }
        return contents;
      });
    } finally {
      await handle.close();
    }
  })();
  return fresh;
}
