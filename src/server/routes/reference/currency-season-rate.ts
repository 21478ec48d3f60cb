import type { Kysely } from 'kysely';
import {
  deleteCurrencySeasonRate,
  findCurrencySeasonRate,
  tourSeasonsOfCurrency,
  upsertCurrencySeasonRate,
} from '../../db/repositories/currency-repository.js';
import type { Database } from '../../db/schema.js';
import { recordRatesChange } from '../../pricing/price-history.js';
import { recomputeTourSeasons, type RecomputePlan } from '../../pricing/recompute-tour-seasons.js';

/**
 * The only writer of a currency's season rate. Every change of a rate passes through here (the
 * currency form and `PUT currencies/{id}/{season_id}`), so the recomputation of the stored prices
 * that use this currency in this season (DESIGN.md section 4) happens right after the upsert, in
 * the same transaction. Call it inside the caller's transaction.
 */
export async function storeCurrencySeasonRate(trx: Kysely<Database>, currencyId: number, seasonId: number, rate: number): Promise<RecomputePlan> {
  const before = await findCurrencySeasonRate(trx, currencyId, seasonId);
  await upsertCurrencySeasonRate(trx, currencyId, seasonId, rate);
  const plan = await recomputeTourSeasons(trx, await tourSeasonsOfCurrency(trx, currencyId, seasonId));
  // The rate itself, beside the rows it repriced, so the change can be rolled back.
  await recordRatesChange(trx, { kind: 'currency', currency_id: currencyId, rates: [{ season_id: seasonId, before, after: rate }] });
  return plan;
}

/** Drops a season's rate; prices of that season keep their stored values until a rate is set again. */
export async function removeCurrencySeasonRate(trx: Kysely<Database>, currencyId: number, seasonId: number): Promise<void> {
  await deleteCurrencySeasonRate(trx, currencyId, seasonId);
}
