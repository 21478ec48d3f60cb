import { sql, type Kysely } from 'kysely';
import type { ChangeSet, ChangeSetSummary, PriceRowKind } from '../../domain/pricing/price-history.js';
import type { Database } from '../db/schema.js';
import { costChangeOf } from './price-history.js';
import { selectRows } from '../db/select-rows.js';

// Reads of the price history. Each list is bounded (HISTORY_PAGE change sets, a season's changes
// of one set) and walks an index, so a season with 10,000 change sets reads as fast as one with 10.

export const HISTORY_PAGE = 50;
export const CELL_HISTORY_LIMIT = 100;

const iso = (value: Date | string) => new Date(value).toISOString();

type SummaryRow = {
  id: number;
  created_at: Date;
  author: string | null;
  source: string;
  row_count: number | string;
  cost_change: number | string;
  below_guardrail: number;
};
const toSummary = (row: SummaryRow): ChangeSetSummary => ({
  ...row,
  created_at: iso(row.created_at),
  row_count: Number(row.row_count),
  cost_change: Number(row.cost_change),
});

/** Pounds changed in a change's cost, summed in pence so the total is exact. */
const costChangeSql = sql<number>`coalesce(round(sum(coalesce((c.after->>'cost')::numeric, 0) - coalesce((c.before->>'cost')::numeric, 0))
  FILTER (WHERE c.kind <> 'reduction'), 2), 0)`;

/**
 * A season's change sets, newest first, with the rows and the cost change within that season;
 * with `kind`, only those that changed rows of that kind, counted over those rows.
 */
export async function seasonChangeSets(db: Kysely<Database>, tourSeasonId: number, page: number, kind?: PriceRowKind): Promise<ChangeSetSummary[]> {
  const ofKind = kind === undefined ? sql`` : sql`AND kind = ${kind}`;
  const rows = await selectRows(
    db,
    sql<SummaryRow>`
    WITH sets AS (
      SELECT DISTINCT change_set_id FROM price_changes WHERE tour_season_id = ${tourSeasonId} ${ofKind}
      ORDER BY change_set_id DESC LIMIT ${HISTORY_PAGE} OFFSET ${(page - 1) * HISTORY_PAGE}
    )
    SELECT s.id, s.created_at, u.email_address AS author, s.source, count(c.id) AS row_count, ${costChangeSql} AS cost_change, s.below_guardrail
    FROM sets JOIN price_change_sets s ON s.id = sets.change_set_id
    JOIN price_changes c ON c.change_set_id = s.id AND c.tour_season_id = ${tourSeasonId} ${kind === undefined ? sql`` : sql`AND c.kind = ${kind}`}
    LEFT JOIN users u ON u.id = s.user_id
    GROUP BY s.id, u.email_address, s.below_guardrail ORDER BY s.id DESC`,
  );
  return rows.map(toSummary);
}

/** One change set's summary and its changes within the season; null when it touched nothing there. */
export async function seasonChangeSet(db: Kysely<Database>, tourSeasonId: number, changeSetId: number): Promise<ChangeSet | null> {
  const changes = await db
    .selectFrom('price_changes')
    .select(['tour_season_id', 'kind', 'row_id', 'before', 'after'])
    .where('change_set_id', '=', changeSetId)
    .where('tour_season_id', '=', tourSeasonId)
    .orderBy('id')
    .execute();
  if (changes.length === 0) return null;
  const set = await db
    .selectFrom('price_change_sets as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.created_at', 'u.email_address as author', 's.source', 's.row_count', 's.cost_change', 's.below_guardrail'])
    .where('s.id', '=', changeSetId)
    .executeTakeFirstOrThrow();
  const summary = { ...toSummary({ ...set, row_count: changes.length, cost_change: costChangeOf(changes) }), changes };
  return set.source === 'rates' ? { ...summary, span: await changeSetSpan(db, changeSetId) } : summary;
}

/** How many seasons and rows a whole change set touched: what rolling back a /pgt change restores. */
async function changeSetSpan(db: Kysely<Database>, changeSetId: number) {
  const span = await db
    .selectFrom('price_changes')
    .select((eb) => [eb.fn.count<string>('tour_season_id').distinct().as('seasons'), eb.fn.countAll<string>().as('rows')])
    .where('change_set_id', '=', changeSetId)
    .executeTakeFirstOrThrow();
  return { seasons: Number(span.seasons), rows: Number(span.rows) };
}

/** One row's changes (a cell's history), newest first, with who and when. */
export async function rowHistory(db: Kysely<Database>, tourSeasonId: number, kind: PriceRowKind, rowId: number) {
  const rows = await db
    .selectFrom('price_changes as c')
    .innerJoin('price_change_sets as s', 's.id', 'c.change_set_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.created_at', 'u.email_address as author', 's.source', 'c.before', 'c.after'])
    .where('c.kind', '=', kind)
    .where('c.row_id', '=', rowId)
    .where('c.tour_season_id', '=', tourSeasonId)
    .orderBy('c.change_set_id', 'desc')
    .limit(CELL_HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    change_set_id: row.id,
    created_at: iso(row.created_at),
    author: row.author,
    source: row.source,
    before: row.before,
    after: row.after,
  }));
}

export type HistoryFilter = { tourId?: number; seasonId?: number; userId?: number; from?: string; to?: string; page: number };

/** Change sets across the business, newest first, filtered for managers. */
export async function filteredChangeSets(db: Kysely<Database>, filter: HistoryFilter): Promise<ChangeSetSummary[]> {
  let query = db
    .selectFrom('price_change_sets as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.created_at', 'u.email_address as author', 's.source', 's.row_count', 's.cost_change', 's.below_guardrail']);
  if (filter.userId !== undefined) query = query.where('s.user_id', '=', filter.userId);
  if (filter.from !== undefined) query = query.where('s.created_at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to !== undefined) query = query.where('s.created_at', '<', new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000));
  if (filter.tourId !== undefined || filter.seasonId !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('price_changes as c')
          .innerJoin('tour_seasons as ts', 'ts.id', 'c.tour_season_id')
          .select('c.id')
          .whereRef('c.change_set_id', '=', 's.id')
          .$if(filter.tourId !== undefined, (sub) => sub.where('ts.tour_id', '=', filter.tourId!))
          .$if(filter.seasonId !== undefined, (sub) => sub.where('ts.season_id', '=', filter.seasonId!)),
      ),
    );
  }
  const rows = await query
    .orderBy('s.id', 'desc')
    .limit(HISTORY_PAGE)
    .offset((filter.page - 1) * HISTORY_PAGE)
    .execute();
  return rows.map(toSummary);
}
