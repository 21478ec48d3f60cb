import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PricingInputsTourSeason, SeasonPricingInputs } from '../../domain/models/season-pricing-inputs.js';
import { PRICE_LIST_NAMES, type PriceListName } from '../../domain/pricing/price-lists.js';
import type { Database } from '../db/schema.js';

/** Each list's rows with the tour season they belong to (extra variations through their extra). */
const LIST_ROWS: Record<PriceListName, (ids: number[]) => RawBuilder<unknown>> = {
  prices: (ids) => sql`SELECT id, tour_season_id, gross, non_com, adjustment, markup_rate_id, net, cost FROM tour_prices WHERE tour_season_id = ANY(${ids}::int[])`,
  bikes: (ids) => sql`SELECT id, tour_season_id, gross, non_com, adjustment, markup_rate_id, net, cost FROM tour_bikes WHERE tour_season_id = ANY(${ids}::int[])`,
  party_extra_variations: (ids) => sql`
    SELECT v.id, e.tour_season_id, v.gross, v.non_com, v.adjustment, v.markup_rate_id, v.net, v.cost
    FROM tour_party_extra_variations v JOIN tour_party_extras e ON e.id = v.tour_party_extra_id WHERE e.tour_season_id = ANY(${ids}::int[])`,
  room_extra_variations: (ids) => sql`
    SELECT v.id, e.tour_season_id, v.gross, v.non_com, v.adjustment, v.markup_rate_id, v.net, v.cost
    FROM tour_room_extra_variations v JOIN tour_room_extras e ON e.id = v.tour_room_extra_id WHERE e.tour_season_id = ANY(${ids}::int[])`,
};

/**
 * One list's rows as JSON columns, built by the database: tens of thousands of rows come back as
 * one short text instead of as row objects to parse and serialise again (on the large demo
 * season: 28,000 rows in 0.2-0.4 s instead of 1.1-1.3 s, and a quarter of the bytes).
 */
async function listColumnsJson(db: Kysely<Database>, list: PriceListName, ids: number[]): Promise<string> {
  const column = (name: string) => sql`coalesce(array_agg(${sql.ref(`r.${name}`)} ORDER BY r.id), '{}')`;
  const result = await sql<{ columns: string }>`
    SELECT json_build_object(
      'tour_season_id', ${column('tour_season_id')}, 'gross', ${column('gross')}, 'non_com', ${column('non_com')},
      'adjustment', ${column('adjustment')}, 'markup_rate_id', ${column('markup_rate_id')}, 'net', ${column('net')}, 'cost', ${column('cost')}
    )::text AS columns
    FROM (${LIST_ROWS[list](ids)}) AS r`.execute(db);
  return result.rows[0].columns;
}

/**
 * SeasonPricingInputs of a season as JSON text, ready to send: the season's tour seasons and
 * any other tour season that follows one of the season's models (a model change reprices those
 * too), their models' rates, and their stored rows. Null when the season does not exist.
 */
export async function loadSeasonPricingInputsJson(db: Kysely<Database>, seasonId: number): Promise<string | null> {
  const season = await db.selectFrom('seasons').select('id').where('id', '=', seasonId).executeTakeFirst();
  if (!season) return null;
  const tourSeasons: PricingInputsTourSeason[] = await db
    .selectFrom('tour_seasons as ts')
    .innerJoin('tours as t', 't.id', 'ts.tour_id')
    .leftJoin('currency_rates as cr', (join) => join.onRef('cr.currency_id', '=', 'ts.currency_id').onRef('cr.season_id', '=', 'ts.season_id'))
    // As the server's summary names them: the tour code, or the tour's id when it has none.
    .select(['ts.id', 'ts.season_id', sql<string>`coalesce(nullif(t.tour_code, ''), 'Tour ' || t.id)`.as('tour_code'), 'ts.currency_id', 'ts.markup_model_id', 'cr.rate as currency_rate'])
    .where((eb) => eb.or([eb('ts.season_id', '=', seasonId), eb('ts.markup_model_id', 'in', eb.selectFrom('markup_models').select('id').where('season_id', '=', seasonId))]))
    .orderBy('ts.id')
    .execute();
  const ids = tourSeasons.map((row) => row.id);
  const modelIds = [...new Set(tourSeasons.flatMap((row) => (row.markup_model_id === null ? [] : [row.markup_model_id])))];
  const rates = modelIds.length
    ? await db.selectFrom('markup_rates').select(['id', 'markup_model_id', 'commission', 'markup', 'supplement_markup']).where('markup_model_id', 'in', modelIds).orderBy('id').execute()
    : [];
  const lists: string[] = [];
  for (const list of PRICE_LIST_NAMES) lists.push(`${JSON.stringify(list)}:${await listColumnsJson(db, list, ids)}`);
  const head: Omit<SeasonPricingInputs, 'lists'> = { season_id: seasonId, tour_seasons: tourSeasons, rates };
  return `${JSON.stringify(head).slice(0, -1)},"lists":{${lists.join(',')}}}`;
}
