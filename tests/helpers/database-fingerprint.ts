import { sql, type Kysely } from 'kysely';
import { readCatalog } from '../../src/server/db/backup/database-catalog.js';
import { TEXT_STYLE_SETTINGS, quoteIdentifier } from '../../src/server/db/backup/dump-format.js';
import { tableContent } from '../../src/server/db/backup/table-contents.js';

export type DatabaseFingerprint = {
  rowCounts: Record<string, number>;
  /** md5 of every row's text, in key order, per table: equal only if every value is equal. */
  tableHashes: Record<string, string>;
  /** The money of every price row (tour prices and bikes), summed and hashed in id order. */
  prices: { rows: number; grossTotal: string; checksum: string };
  sequences: Record<string, string>;
};

/** What a backup must bring back unchanged, read through plain SQL on either engine. */
export async function fingerprintDatabase<T>(database: Kysely<T>): Promise<DatabaseFingerprint> {
  // Text forms in one fixed style (time zone, date style), so two engines' fingerprints compare.
  return database.transaction().execute(async (db) => {
    for (const setting of TEXT_STYLE_SETTINGS) await sql.raw(setting).execute(db);
    const { tables, sequences } = await readCatalog(db);
    const rowCounts: Record<string, number> = {};
    const tableHashes: Record<string, string> = {};
    for (const table of tables) {
      const content = await tableContent(db, table);
      rowCounts[table.name] = content.rows;
      tableHashes[table.name] = content.hash;
    }
    const { rows: priceRows } = await sql<{ rows: number; gross_total: string; checksum: string }>`
      SELECT count(*)::int AS rows, coalesce(sum(gross), 0)::text AS gross_total,
        md5(coalesce(string_agg(concat_ws('|', kind, id, gross, non_com, net, adjustment, cost, formula), E'\n' ORDER BY kind, id), '')) AS checksum
      FROM (SELECT 'p' AS kind, id, gross, non_com, net, adjustment, cost, formula FROM tour_prices
            UNION ALL SELECT 'b', id, gross, non_com, net, adjustment, cost, formula FROM tour_bikes) AS money`.execute(db);
    const positions: Record<string, string> = {};
    for (const { name } of sequences) {
      const { rows } = await sql
        .raw<{ position: string }>(`SELECT last_value::text || ':' || is_called::text AS position FROM ${quoteIdentifier(name)}`)
        .execute(db);
      positions[name] = rows[0].position;
    }
    return {
      rowCounts,
      tableHashes,
      prices: { rows: priceRows[0].rows, grossTotal: priceRows[0].gross_total, checksum: priceRows[0].checksum },
      sequences: positions,
    };
  });
}
