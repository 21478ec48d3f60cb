import { sql, type Kysely, type RawBuilder } from 'kysely';
import { rateInSeason } from '../../domain/pricing/copied-rate.js';
import type { Database } from '../db/schema.js';
import { PRICE_LIST_TABLES, type PriceListName } from './price-lists.js';

type RateMap = { from: number[]; to: number[] };

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

/**
 * When a tour season changes pricing model, its rows still name the old model's rates, which the
 * new model does not have: priced as they stand they would all be "no such commission rate". Each
 * row moves to the new model's rate with the same commission (as Copy From does); a row whose
 * commission the new model lacks keeps its rate, and with it its stored cost, for staff to choose.
 * Runs in the caller's transaction, before the recompute.
 */
export async function remapSeasonRates(db: Kysely<Database>, tourSeasonId: number, fromModelId: number, toModelId: number): Promise<void> {
  const rates = await db
    .selectFrom('markup_rates')
    .select(['id', 'markup_model_id', 'commission', 'markup', 'supplement_markup'])
    .where('markup_model_id', 'in', [fromModelId, toModelId])
    .orderBy('id')
    .execute();
  const from = rates.filter((rate) => rate.markup_model_id === fromModelId);
  const to = rates.filter((rate) => rate.markup_model_id === toModelId);
  const map: RateMap = { from: [], to: [] };
  for (const rate of from) {
    const target = rateInSeason(rate.id, from, to);
    if (target === null || target === rate.id) continue;
    map.from.push(rate.id);
    map.to.push(target);
  }
  if (map.from.length === 0) return;
  for (const list of Object.keys(REMAP) as PriceListName[]) await REMAP[list](tourSeasonId, map).execute(db);
}
