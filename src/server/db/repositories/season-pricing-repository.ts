import { sql, type Insertable, type Kysely } from 'kysely';
import { deleteByIds } from '../delete-by-ids.js';
import { chunksOf } from '../write-chunk.js';
import type { Database } from '../schema.js';

// A tour season's price groups (tour_pricing_categories) and their prices (tour_prices).

/** The season's price groups, in display order. */
export function listPricingCategories(db: Kysely<Database>, tourSeasonId: number) {
  return db
    .selectFrom('tour_pricing_categories')
    .select(['id', 'start', 'end', 'date_ranges', 'nights', 'guided', 'boat_id', 'tour_route_id', 'specific_dates', 'restricted_dates', 'restricted_days'])
    .where('tour_season_id', '=', tourSeasonId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A stored price's columns besides its id and place: what a season's read answers and its save compares. */
export const PRICE_ROW_COLUMNS = [
  'tour_pricing_category_id',
  'room_type_id',
  'accommodation_category_id',
  'deck_id',
  'formula',
  'gross',
  'non_com',
  'adjustment',
  'markup_rate_id',
  'net',
  'cost',
] as const;

/** The season's prices, each with its group, in display order. */
export function listSeasonPrices(db: Kysely<Database>, tourSeasonId: number) {
  return db
    .selectFrom('tour_prices')
    .select(['id', ...PRICE_ROW_COLUMNS])
    .where('tour_season_id', '=', tourSeasonId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export type StoredPricingRow = Record<string, unknown> & { id: number };

/**
 * The season's stored groups and prices, `id` and the given columns, in one query: each list
 * arrives as one JSON value (dates as text, numerics as numbers, as the driver reads them).
 */
export function findStoredPricingRows(
  trx: Kysely<Database>,
  tourSeasonId: number,
  columns: { categories: readonly string[]; prices: readonly string[] },
): Promise<{ categories: StoredPricingRow[]; prices: StoredPricingRow[] }> {
  const list = (table: string, names: readonly string[]) =>
    sql`coalesce((SELECT json_agg(row) FROM (SELECT ${sql.join(['id', ...names].map((column) => sql.ref(column)))} FROM ${sql.table(table)} WHERE
      tour_season_id = ${tourSeasonId}) AS row), '[]'::json)`;
  return trx
    .selectNoFrom([
      sql<StoredPricingRow[]>`${list('tour_pricing_categories', columns.categories)}`.as('categories'),
      sql<StoredPricingRow[]>`${list('tour_prices', columns.prices)}`.as('prices'),
    ])
    .executeTakeFirstOrThrow();
}

export async function deleteSeasonPrices(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await deleteByIds(trx, 'tour_prices', ids);
}

export async function deletePricingCategories(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await deleteByIds(trx, 'tour_pricing_categories', ids);
}

/** A price group's columns as written (its lists as JSON text). */
export type PricingCategoryWrite = Omit<Insertable<Database['tour_pricing_categories']>, 'id' | 'tour_season_id'>;

export async function updatePricingCategory(trx: Kysely<Database>, id: number, values: PricingCategoryWrite): Promise<void> {
  await trx.updateTable('tour_pricing_categories').set(values).where('id', '=', id).execute();
}

/** Adds a price group to the season and answers its id. */
export async function insertPricingCategory(trx: Kysely<Database>, tourSeasonId: number, values: PricingCategoryWrite): Promise<number> {
  const row = await trx
    .insertInto('tour_pricing_categories')
    .values({ ...values, tour_season_id: tourSeasonId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A price as a save writes it. */
export type PriceRowWrite = {
  id?: number;
  tour_pricing_category_id: number;
  tour_season_id: number;
  room_type_id: number | null;
  accommodation_category_id: number | null;
  deck_id: number | null;
  formula: string | null;
  gross: number;
  non_com: number;
  adjustment: number;
  markup_rate_id: number | null;
  net: number;
  cost: number;
  position: number;
};

/** Inserts the rows and answers their new ids, in the order of the rows. */
export async function insertSeasonPrices(trx: Kysely<Database>, rows: readonly PriceRowWrite[]): Promise<number[]> {
  const ids: number[] = [];
  for (const rowsOfChunk of chunksOf(rows)) {
    const chunk = rowsOfChunk.map(({ id: _id, ...row }) => row);
    // Serial ids are drawn in the order of the VALUES list, so ascending ids are the rows in order.
    const inserted = await trx.insertInto('tour_prices').values(chunk).returning('id').execute();
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/** All updated prices in one statement per chunk (unnest of column arrays), not one per row. */
export async function updateSeasonPrices(trx: Kysely<Database>, rows: readonly (PriceRowWrite & { id: number })[]): Promise<void> {
  for (const chunk of chunksOf(rows)) {
    const column = <K extends keyof (PriceRowWrite & { id: number })>(key: K) => chunk.map((row) => row[key]);
    await sql`
      UPDATE tour_prices AS t SET
        tour_pricing_category_id = v.category_id, room_type_id = v.room_type_id,
        accommodation_category_id = v.accommodation_category_id, deck_id = v.deck_id, formula = v.formula,
        gross = v.gross, non_com = v.non_com, adjustment = v.adjustment, markup_rate_id = v.markup_rate_id,
        net = v.net, cost = v.cost, position = v.position
      FROM unnest(${column('id')}::int[], ${column('tour_pricing_category_id')}::int[], ${column('room_type_id')}::int[],
                  ${column('accommodation_category_id')}::int[], ${column('deck_id')}::int[], ${column('formula')}::text[],
                  ${column('gross')}::numeric[], ${column('non_com')}::numeric[], ${column('adjustment')}::numeric[],
                  ${column('markup_rate_id')}::int[], ${column('net')}::numeric[], ${column('cost')}::numeric[], ${column('position')}::int[])
        AS v(id, category_id, room_type_id, accommodation_category_id, deck_id, formula, gross, non_com, adjustment, markup_rate_id, net, cost, position)
      WHERE t.id = v.id`.execute(trx);
  }
}
