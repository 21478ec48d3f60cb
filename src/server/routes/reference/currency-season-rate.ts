import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recomputeTourSeasons, type RecomputePlan } from '../../pricing/recompute-tour-seasons.js';
import { tourSeasonsOfCurrency } from '../../pricing/tour-seasons-of-currency.js';

/**
 * The only writer of a currency's season rate. Every change of a rate passes through here (the
 * currency form and `PUT currencies/{id}/{season_id}`), so the recomputation of the stored prices
 * that use this currency in this season (DESIGN.md section 4) happens right after the upsert, in
 * the same transaction. Call it inside the caller's transaction.
 */
export async function storeCurrencySeasonRate(trx: Kysely<Database>, currencyId: number, seasonId: number, rate: number): Promise<RecomputePlan> {
  await trx
    .insertInto('currency_rates')
    .values({ currency_id: currencyId, season_id: seasonId, rate })
    .onConflict((conflict) => conflict.columns(['currency_id', 'season_id']).doUpdateSet({ rate }))
    .execute();
  return recomputeTourSeasons(trx, await tourSeasonsOfCurrency(trx, currencyId, seasonId));
}

/** Drops a season's rate; prices of that season keep their stored values until a rate is set again. */
export async function removeCurrencySeasonRate(trx: Kysely<Database>, currencyId: number, seasonId: number): Promise<void> {
  await trx.deleteFrom('currency_rates').where('currency_id', '=', currencyId).where('season_id', '=', seasonId).execute();
}
