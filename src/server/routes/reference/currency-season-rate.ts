import type { Kysely } from 'kysely';
import { deleteCurrencySeasonRate, upsertCurrencySeasonRate } from '../../db/repositories/currency-repository.js';
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
  await upsertCurrencySeasonRate(trx, currencyId, seasonId, rate);
  return recomputeTourSeasons(trx, await tourSeasonsOfCurrency(trx, currencyId, seasonId));
}

/** Drops a season's rate; prices of that season keep their stored values until a rate is set again. */
export async function removeCurrencySeasonRate(trx: Kysely<Database>, currencyId: number, seasonId: number): Promise<void> {
  await deleteCurrencySeasonRate(trx, currencyId, seasonId);
}
