import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PriceSnapshot } from '../../../domain/pricing/price-history.js';
import { PRICE_LIST_TABLES, type PriceListName } from '../../pricing/price-lists.js';
import type { Database } from '../schema.js';
import { selectRows } from '../select-rows.js';
import { chunksOf } from '../write-chunk.js';

// The four price lists (prices, bikes, party and room extra variations) as the recompute, the
// model change and the rollback read and write them, whatever the list.

/** Each list's rows with the tour season they belong to (extra variations through their extra). */
const LIST_ROWS: Record<PriceListName, (ids: number[]) => RawBuilder<unknown>> = {
  prices: (ids) =>
    sql`SELECT id, tour_season_id, gross, non_com, adjustment, markup_rate_id, net, cost FROM tour_prices WHERE tour_season_id = ANY(${ids}::int[])`,
  bikes: (ids) =>
    sql`SELECT id, tour_season_id, gross, non_com, adjustment, markup_rate_id, net, cost FROM tour_bikes WHERE tour_season_id = ANY(${ids}::int[])`,
  party_extra_variations: (ids) => sql`
    SELECT v.id, e.tour_season_id, v.gross, v.non_com, v.adjustment, v.markup_rate_id, v.net, v.cost
    FROM tour_party_extra_variations v JOIN tour_party_extras e ON e.id = v.tour_party_extra_id WHERE e.tour_season_id = ANY(${ids}::int[])`,
  room_extra_variations: (ids) => sql`
    SELECT v.id, e.tour_season_id, v.gross, v.non_com, v.adjustment, v.markup_rate_id, v.net, v.cost
    FROM tour_room_extra_variations v JOIN tour_room_extras e ON e.id = v.tour_room_extra_id WHERE e.tour_season_id = ANY(${ids}::int[])`,
};

const COLUMNS = ['tour_season_id', 'gross', 'non_com', 'adjustment', 'markup_rate_id', 'net', 'cost'] as const;

/**
 * The stored rows of one list for the given tour seasons as JSON columns (PriceListColumns, plus
 * `id` when asked), in id order, built by the database: tens of thousands of rows come back as
 * one short text instead of as row objects (on the large demo season: 28,000 rows in 0.2-0.4 s
 * instead of 1.1-1.3 s, and a quarter of the bytes of the same rows as JSON objects).
 */
export async function priceListColumnsJson(db: Kysely<Database>, list: PriceListName, tourSeasonIds: number[], withIds = false): Promise<string> {
  const names = withIds ? ['id', ...COLUMNS] : [...COLUMNS];
  const columns = names.map((name) => sql`${sql.lit(name)}::text, coalesce(array_agg(${sql.ref(`r.${name}`)} ORDER BY r.id), '{}')`);
  const row = await db
    .selectFrom(sql`(${LIST_ROWS[list](tourSeasonIds)})`.as('r'))
    .select(sql<string>`json_build_object(${sql.join(columns)})::text`.as('columns'))
    .executeTakeFirstOrThrow();
  return row.columns;
}

/** The formula of each of the list's rows among `ids`. */
export function listPriceFormulas(db: Kysely<Database>, list: PriceListName, ids: readonly number[]) {
  return selectRows(
    db,
    sql<{ id: number; formula: string | null }>`
    SELECT id, formula FROM ${sql.table(PRICE_LIST_TABLES[list])} WHERE id = ANY(${[...ids]}::int[])`,
  );
}

/** The price fields the history records of each of the list's rows among `ids` (a removed row is absent). */
export function listPriceSnapshots(db: Kysely<Database>, list: PriceListName, ids: readonly number[]) {
  return selectRows(
    db,
    sql<PriceSnapshot & { id: number }>`
    SELECT id, gross, formula, non_com, markup_rate_id, adjustment, net, cost FROM ${sql.table(PRICE_LIST_TABLES[list])} WHERE id = ANY(${[...ids]}::int[])`,
  );
}

/** Writes a new net and cost to each of the list's rows, in one statement. */
export async function setNetAndCost(db: Kysely<Database>, list: PriceListName, rows: readonly { id: number; net: number; cost: number }[]): Promise<void> {
  for (const chunk of chunksOf(rows))
    await sql`
      UPDATE ${sql.table(PRICE_LIST_TABLES[list])} AS t
      SET net = v.net, cost = v.cost
      FROM unnest(${chunk.map((row) => row.id)}::int[], ${chunk.map((row) => row.net)}::numeric[], ${chunk.map((row) => row.cost)}::numeric[])
        AS v(id, net, cost)
      WHERE t.id = v.id`.execute(db);
}

/** Rates moved: the row of `from[i]` goes to `to[i]`. */
export type RateMap = { from: number[]; to: number[] };

const pairs = (map: RateMap) => sql`unnest(${map.from}::int[], ${map.to}::int[]) AS m(from_id, to_id)`;

/** A list whose rows carry tour_season_id. */
const direct = (table: string) => (id: number, map: RateMap) => sql`
  UPDATE ${sql.table(table)} AS t SET markup_rate_id = m.to_id FROM ${pairs(map)}
  WHERE t.tour_season_id = ${id} AND t.markup_rate_id = m.from_id`;

/** Extra variations, which belong to the tour season through their extra. */
const throughExtra = (table: string, extras: string, extraKey: string) => (id: number, map: RateMap) => sql`
  UPDATE ${sql.table(table)} AS v SET markup_rate_id = m.to_id FROM ${sql.table(extras)} AS e, ${pairs(map)}
  WHERE e.id = ${sql.ref(`v.${extraKey}`)} AND e.tour_season_id = ${id} AND v.markup_rate_id = m.from_id`;

const REMAP: Record<PriceListName, (tourSeasonId: number, map: RateMap) => RawBuilder<unknown>> = {
  prices: direct(PRICE_LIST_TABLES.prices),
  bikes: direct(PRICE_LIST_TABLES.bikes),
  party_extra_variations: throughExtra(PRICE_LIST_TABLES.party_extra_variations, 'tour_party_extras', 'tour_party_extra_id'),
  room_extra_variations: throughExtra(PRICE_LIST_TABLES.room_extra_variations, 'tour_room_extras', 'tour_room_extra_id'),
};

/** Points the tour season's rows of every list at other rates, one statement per list. */
export async function moveRatesOfTourSeason(db: Kysely<Database>, tourSeasonId: number, map: RateMap): Promise<void> {
  for (const list of Object.keys(REMAP) as PriceListName[]) await REMAP[list](tourSeasonId, map).execute(db);
}
