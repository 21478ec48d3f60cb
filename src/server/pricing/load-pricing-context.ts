import { sql, type Kysely } from 'kysely';
import type { SeasonRate, TourSeasonPricingContext } from '../../domain/pricing/tour-pricing.js';
import type { Database } from '../db/schema.js';
import { HttpError, notFound } from '../http-errors.js';

/** The tour season of a tour and season (the `tour-*` paths take the season's id). */
export async function findTourSeasonId(db: Kysely<Database>, tourId: number, seasonId: number): Promise<number> {
  const row = await db.selectFrom('tour_seasons').select('id').where('tour_id', '=', tourId).where('season_id', '=', seasonId).executeTakeFirst();
  if (!row) throw new HttpError(404, [{ msg: `Tour ${tourId} has no season ${seasonId}` }]);
  return row.id;
}

/** Model rates and the currency's rate for this season: everything the price maths needs, in one query. */
export async function loadPricingContext(db: Kysely<Database>, tourSeasonId: number): Promise<TourSeasonPricingContext> {
  const season = await db
    .selectFrom('tour_seasons')
    .innerJoin('seasons', 'seasons.id', 'tour_seasons.season_id')
    .leftJoin('markup_models', 'markup_models.id', 'tour_seasons.markup_model_id')
    .leftJoin('currencies', 'currencies.id', 'tour_seasons.currency_id')
    .leftJoin('currency_rates', (join) =>
      join.onRef('currency_rates.currency_id', '=', 'tour_seasons.currency_id').onRef('currency_rates.season_id', '=', 'tour_seasons.season_id'),
    )
    .select([
      'tour_seasons.id',
      'tour_seasons.tour_id',
      'tour_seasons.season_id',
      'tour_seasons.version',
      'tour_seasons.deposit',
      'tour_seasons.live',
      'tour_seasons.markup_model_id',
      'tour_seasons.currency_id',
      'seasons.name as season_name',
      'markup_models.name as model_name',
      'markup_models.min_margin_percent',
      'markup_models.min_profit',
      'currencies.name as currency_name',
      'currencies.symbol as currency_symbol',
      'currency_rates.rate as season_rate',
      // The model's rates as one JSON list (numerics arrive as JSON numbers), highest commission first.
      sql<SeasonRate[]>`(
        SELECT coalesce(json_agg(json_build_object('id', r.id, 'commission', r.commission, 'markup', r.markup, 'supplement_markup', r.supplement_markup)
                         ORDER BY r.commission DESC, r.id), '[]'::json)
        FROM markup_rates r WHERE r.markup_model_id = tour_seasons.markup_model_id
      )`.as('rates'),
    ])
    .where('tour_seasons.id', '=', tourSeasonId)
    .executeTakeFirst();
  if (!season) throw notFound('Tour season');
  return {
    id: season.id,
    tour_id: season.tour_id,
    season_id: season.season_id,
    season_name: season.season_name,
    version: season.version,
    deposit: season.deposit,
    live: season.live,
    markup_model_id: season.markup_model_id,
    currency_id: season.currency_id,
    model: season.markup_model_id
      ? {
          id: season.markup_model_id,
          name: season.model_name ?? '',
          rates: season.rates,
          min_margin_percent: season.min_margin_percent,
          min_profit: season.min_profit,
        }
      : null,
    currency: season.currency_id
      ? { id: season.currency_id, name: season.currency_name ?? '', symbol: season.currency_symbol ?? '', rate: season.season_rate ?? null }
      : null,
  };
}
