// Unique keys the schema enforces beyond the id. Checked in the file so that a clash is reported
// by table and row instead of as a constraint error from the middle of the transaction.

import { LegacyImportError } from './legacy-import-error.js';
import type { LegacyData } from './legacy-tables.js';

function firstClash<Row>(table: string, rows: readonly Row[], keyOf: (row: Row) => string | null, describe: (row: Row) => string): void {
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = keyOf(row);
    if (key === null) return;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new LegacyImportError(`${table} row ${index + 1} (${describe(row)}): the same as row ${earlier + 1}.`, { table, row: index + 1 });
    }
    seen.set(key, index);
  });
}

export function checkUniqueKeys(data: LegacyData): void {
  firstClash(
    'tour_seasons',
    data.tour_seasons,
    (row) => `${row.tour_id}/${row.season_id}`,
    (row) => `id ${row.id}: tour ${row.tour_id} in season ${row.season_id}`,
  );
  // Slugs are unique among tours that are not deleted (index tours_slug_live).
  firstClash(
    'tours',
    data.tours,
    (row) => (row.deleted ? null : row.slug),
    (row) => `id ${row.id}: slug '${row.slug}'`,
  );
}
