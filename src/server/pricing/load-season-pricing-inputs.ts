import { sql, type Kysely } from 'kysely';
import type { PricingInputsTourSeason, SeasonPricingInputs } from '../../domain/models/season-pricing-inputs.js';
import { PRICE_LIST_NAMES } from '../../domain/pricing/price-lists.js';
import type { Database } from '../db/schema.js';
import { priceListColumnsJson } from './load-price-list.js';

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
    .leftJoin('markup_models as m', 'm.id', 'ts.markup_model_id')
    .leftJoin('currency_rates as cr', (join) => join.onRef('cr.currency_id', '=', 'ts.currency_id').onRef('cr.season_id', '=', 'ts.season_id'))
    // As the server's summary names them: the tour code, or the tour's id when it has none.
    .select([
      'ts.id',
      'ts.season_id',
      sql<string>`coalesce(nullif(t.tour_code, ''), 'Tour ' || t.id)`.as('tour_code'),
      'ts.currency_id',
      'ts.markup_model_id',
      'm.min_margin_percent',
      'm.min_profit',
      'cr.rate as currency_rate',
    ])
    .where((eb) =>
      eb.or([eb('ts.season_id', '=', seasonId), eb('ts.markup_model_id', 'in', eb.selectFrom('markup_models').select('id').where('season_id', '=', seasonId))]),
    )
    .orderBy('ts.id')
    .execute();
  const ids = tourSeasons.map((row) => row.id);
  const modelIds = [...new Set(tourSeasons.flatMap((row) => (row.markup_model_id === null ? [] : [row.markup_model_id])))];
  const rates = modelIds.length
    ? await db
        .selectFrom('markup_rates')
        .select(['id', 'markup_model_id', 'commission', 'markup', 'supplement_markup'])
        .where('markup_model_id', 'in', modelIds)
        .orderBy('id')
        .execute()
    : [];
  const lists: string[] = [];
  for (const list of PRICE_LIST_NAMES) lists.push(`${JSON.stringify(list)}:${await priceListColumnsJson(db, list, ids)}`);
  const head: Omit<SeasonPricingInputs, 'lists'> = { season_id: seasonId, tour_seasons: tourSeasons, rates };
  return `${JSON.stringify(head).slice(0, -1)},"lists":{${lists.join(',')}}}`;
}
