import type { Kysely } from 'kysely';
import type { TourSeasonPricingContext } from '../../domain/pricing/tour-pricing.js';
import { findPricingContextRow, findTourSeasonIdOf } from '../db/repositories/tour-season-repository.js';
import type { Database } from '../db/schema.js';
import { HttpError, notFound } from '../http-errors.js';

/** The tour season of a tour and season (the `tour-*` paths take the season's id). */
export async function findTourSeasonId(db: Kysely<Database>, tourId: number, seasonId: number): Promise<number> {
  const id = await findTourSeasonIdOf(db, tourId, seasonId);
  if (id === undefined) throw new HttpError(404, [{ msg: `Tour ${tourId} has no season ${seasonId}` }]);
  return id;
}

/** Model rates and the currency's rate for this season: everything the price maths needs, in one query. */
export async function loadPricingContext(db: Kysely<Database>, tourSeasonId: number): Promise<TourSeasonPricingContext> {
  const season = await findPricingContextRow(db, tourSeasonId);
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
