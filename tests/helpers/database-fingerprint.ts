import { sql, type Kysely } from 'kysely';
import { readCatalog } from '../../src/server/db/backup/database-catalog.js';

// NOTE (part A helper): this file was accidentally overwritten by the fuzz helper while it was
// still untracked; this is a reconstruction from its use in tests/api/backup-restore.test.ts.
// Part B: please check it against what you meant and correct as you see fit.

export type DatabaseFingerprint = {
  /** Rows per table (every table of the catalog the dump uses). */
  rowCounts: Record<string, number>;
  /** An md5 of each table's rows as text, in primary-key order. */
  tableHashes: Record<string, string>;
  /** The tour prices on their own: how many and one checksum over their money columns. */
  prices: { rows: number; checksum: string };
  /** Every sequence's position. */
  sequences: Record<string, { lastValue: string; isCalled: boolean }>;
};

/** What a backup must bring back: row counts, row contents, prices and sequence positions. */
export async function fingerprintDatabase<T>(db: Kysely<T>): Promise<DatabaseFingerprint> {
  const catalog = await readCatalog(db);
  const rowCounts: Record<string, number> = {};
  const tableHashes: Record<string, string> = {};
  for (const table of catalog.tables) {
    const order = table.primaryKey.length ? table.primaryKey : table.columns.map((column) => column.name);
    const orderBy = sql.join(order.map((name) => sql.ref(`t.${name}`)));
    const result = await sql<{ n: string; hash: string | null }>`
      SELECT count(*)::text AS n, md5(string_agg(row_to_json(t)::text, '|' ORDER BY ${orderBy})) AS hash FROM ${sql.table(table.name)} t`.execute(db);
    rowCounts[table.name] = Number(result.rows[0].n);
    tableHashes[table.name] = result.rows[0].hash ?? '';
  }
  const prices = await sql<{ n: string; checksum: string | null }>`
    SELECT count(*)::text AS n, md5(string_agg(concat_ws(',', id, formula, gross, non_com, net, adjustment, cost, markup_rate_id), '|' ORDER BY id)) AS checksum
    FROM tour_prices`.execute(db);
  const sequences: DatabaseFingerprint['sequences'] = {};
  for (const { name } of catalog.sequences) {
    const position = await sql<{ last_value: string; is_called: boolean }>`SELECT last_value::text AS last_value, is_called FROM ${sql.id(name)}`.execute(db);
    sequences[name] = { lastValue: position.rows[0].last_value, isCalled: position.rows[0].is_called };
  }
  return { rowCounts, tableHashes, prices: { rows: Number(prices.rows[0].n), checksum: prices.rows[0].checksum ?? '' }, sequences };
}
