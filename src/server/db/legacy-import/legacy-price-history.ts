// The legacy import's price history (issue 22): the import changes stored prices, so it writes one
// change set (source 'import') in its transaction, with before and after of every price row it
// inserted (before null) or whose price fields it changed. A re-import of the same file changes no
// row and writes none; a failed import rolls its change set back with everything else.

import type { Kysely } from 'kysely';
import type { PriceChange, PriceRowKind } from '../../../domain/pricing/price-history.js';
import { kindSnapshotOf, priceChange, recordChangeSet } from '../../pricing/price-history.js';
import type { Database } from '../schema.js';
import type { LegacyData } from './legacy-tables.js';
import type { UpsertCounts } from './upsert-rows.js';

type HistoryTable = 'tour_prices' | 'tour_bikes' | 'tour_party_extra_variations' | 'tour_room_extra_variations' | 'tour_reductions';

const KIND_OF: Record<HistoryTable, PriceRowKind> = {
  tour_prices: 'price',
  tour_bikes: 'bike',
  tour_party_extra_variations: 'party_extra_variation',
  tour_room_extra_variations: 'room_extra_variation',
  tour_reductions: 'reduction',
};

const isHistoryTable = (table: string): table is HistoryTable => table in KIND_OF;

// Ids per select: far below PostgreSQL's 65,535 parameters per statement.
const READ_CHUNK = 5_000;

type StoredRows = Map<number, Record<string, unknown>>;

/** The tour season of each price row of the file, as the import stores it. */
function seasonsOf(data: LegacyData): Record<HistoryTable, Map<number, number>> {
  const bySeason = (rows: readonly { id: number; tour_season_id: number }[]) => new Map(rows.map((row) => [row.id, row.tour_season_id]));
  const partyExtraSeason = bySeason(data.tour_party_extras);
  const roomExtraSeason = bySeason(data.tour_room_extras);
  const throughExtra = <Row extends { id: number }>(rows: readonly Row[], extraOf: (row: Row) => number, seasons: Map<number, number>) =>
    new Map(rows.flatMap((row) => (seasons.has(extraOf(row)) ? [[row.id, seasons.get(extraOf(row))!] as const] : [])));
  return {
    tour_prices: bySeason(data.tour_prices),
    tour_bikes: bySeason(data.tour_bikes),
    tour_party_extra_variations: throughExtra(data.tour_party_extra_variations, (row) => row.tour_party_extra_id, partyExtraSeason),
    tour_room_extra_variations: throughExtra(data.tour_room_extra_variations, (row) => row.tour_room_extra_id, roomExtraSeason),
    tour_reductions: bySeason(data.tour_reductions),
  };
}

/** Collects the import's price changes table by table, then records them as one change set. */
export function createImportHistory(trx: Kysely<Database>, data: LegacyData) {
  const seasons = seasonsOf(data);
  const changes: PriceChange[] = [];
  return {
    /** The stored price rows the file is about to write (none for another table): read before the upsert. */
    async storedBefore(table: string, rows: readonly Record<string, unknown>[]): Promise<StoredRows> {
      const stored: StoredRows = new Map();
      if (!isHistoryTable(table)) return stored;
      const ids = rows.map((row) => row.id as number);
      for (let start = 0; start < ids.length; start += READ_CHUNK) {
        const found = await trx
          .selectFrom(table)
          .selectAll()
          .where('id', 'in', ids.slice(start, start + READ_CHUNK))
          .execute();
        for (const row of found) stored.set(row.id, row);
      }
      return stored;
    },
    /** Notes the changes of the rows the upsert inserted or updated: the written values are now stored. */
    noteWritten(table: string, rows: readonly Record<string, unknown>[], stored: StoredRows, counts: UpsertCounts): void {
      if (!isHistoryTable(table)) return;
      const kind = KIND_OF[table];
      const written = new Set([...counts.insertedIds, ...counts.updatedIds]);
      for (const row of rows) {
        const id = row.id as number;
        if (!written.has(id)) continue;
        const season = seasons[table].get(id);
        if (season === undefined) throw new Error(`No tour season for ${table} row ${id}.`);
        const before = stored.get(id);
        const change = priceChange(season, kind, id, before ? kindSnapshotOf(kind, before) : null, kindSnapshotOf(kind, row));
        if (change) changes.push(change);
      }
    },
    /** Writes the change set (none when no price changed); returns its id, or null. */
    record: () => recordChangeSet(trx, 'import', changes),
    count: () => changes.length,
  };
}
