import type { Kysely } from 'kysely';
import type { ChangeSet, ChangeSetSummary, PriceRowKind } from '../../domain/pricing/price-history.js';
import {
  countChangeSetSpan,
  findChangeSetSummary,
  listChangeSets,
  listChangesOfSet,
  listRowChanges,
  listSeasonChangeSets,
  type ChangeSetFilter,
  type ChangeSetSummaryRow,
} from '../db/repositories/price-history-repository.js';
import type { Database } from '../db/schema.js';
import { costChangeOf } from './price-history.js';

// Reads of the price history. Each list is bounded (HISTORY_PAGE change sets, a season's changes
// of one set) and walks an index, so a season with 10,000 change sets reads as fast as one with 10.

export const HISTORY_PAGE = 50;
export const CELL_HISTORY_LIMIT = 100;

const iso = (value: Date | string) => new Date(value).toISOString();

const toSummary = (row: ChangeSetSummaryRow): ChangeSetSummary => ({
  ...row,
  created_at: iso(row.created_at),
  row_count: Number(row.row_count),
  cost_change: Number(row.cost_change),
});

/** Sources whose sets are rolled back whole on the server, not restored into one grid. */
const ROLLED_BACK_WHOLE = new Set<string>(['rates', 'rollover']);

const pageOf = (page: number) => ({ limit: HISTORY_PAGE, offset: (page - 1) * HISTORY_PAGE });

/**
 * A season's change sets, newest first, with the rows and the cost change within that season;
 * with `kind`, only those that changed rows of that kind, counted over those rows.
 */
export async function seasonChangeSets(db: Kysely<Database>, tourSeasonId: number, page: number, kind?: PriceRowKind): Promise<ChangeSetSummary[]> {
  return (await listSeasonChangeSets(db, tourSeasonId, pageOf(page), kind)).map(toSummary);
}

/** One change set's summary and its changes within the season; null when it touched nothing there. */
export async function seasonChangeSet(db: Kysely<Database>, tourSeasonId: number, changeSetId: number): Promise<ChangeSet | null> {
  const changes = await listChangesOfSet(db, changeSetId, tourSeasonId);
  if (changes.length === 0) return null;
  const set = await findChangeSetSummary(db, changeSetId);
  const summary = { ...toSummary({ ...set, row_count: changes.length, cost_change: costChangeOf(changes) }), changes };
  // How many seasons and rows the whole set touched: what rolling back a /pgt change or a season
  // roll-over (both span many seasons, and roll back on the server) restores.
  return ROLLED_BACK_WHOLE.has(set.source) ? { ...summary, span: await countChangeSetSpan(db, changeSetId) } : summary;
}

/** One row's changes (a cell's history), newest first, with who and when. */
export async function rowHistory(db: Kysely<Database>, tourSeasonId: number, kind: PriceRowKind, rowId: number) {
  const rows = await listRowChanges(db, tourSeasonId, kind, rowId, CELL_HISTORY_LIMIT);
  return rows.map((row) => ({
    change_set_id: row.id,
    created_at: iso(row.created_at),
    author: row.author,
    source: row.source,
    before: row.before,
    after: row.after,
  }));
}

export type HistoryFilter = ChangeSetFilter & { page: number };

/** Change sets across the business, newest first, filtered for managers. */
export async function filteredChangeSets(db: Kysely<Database>, { page, ...filter }: HistoryFilter): Promise<ChangeSetSummary[]> {
  return (await listChangeSets(db, filter, pageOf(page))).map(toSummary);
}
