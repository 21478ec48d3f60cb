import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The currency's id when it exists. */
export function findCurrencyId(db: Kysely<Database>, currencyId: number) {
  return db.selectFrom('currencies').select('id').where('id', '=', currencyId).executeTakeFirst();
}

/** The names and symbols of the given currencies. */
export function listCurrencyNames(db: Kysely<Database>, currencyIds: readonly number[]) {
  return db
    .selectFrom('currencies')
    .select(['id', 'name', 'symbol'])
    .where('id', 'in', [...currencyIds])
    .execute();
}

/** Every season rate of the given currencies. */
export function listSeasonRatesOfCurrencies(db: Kysely<Database>, currencyIds: readonly number[]) {
  return db
    .selectFrom('currency_rates')
    .select(['currency_id', 'season_id', 'rate'])
    .where('currency_id', 'in', [...currencyIds])
    .execute();
}

/** The currency's rate for a season, or null when it has none. */
export async function findCurrencySeasonRate(db: Kysely<Database>, currencyId: number, seasonId: number): Promise<number | null> {
  const row = await db.selectFrom('currency_rates').select('rate').where('currency_id', '=', currencyId).where('season_id', '=', seasonId).executeTakeFirst();
  return row === undefined ? null : Number(row.rate);
}

/** Sets the currency's rate for a season, creating or overwriting it. */
export async function upsertCurrencySeasonRate(trx: Kysely<Database>, currencyId: number, seasonId: number, rate: number): Promise<void> {
  await trx
    .insertInto('currency_rates')
    .values({ currency_id: currencyId, season_id: seasonId, rate })
    .onConflict((conflict) => conflict.columns(['currency_id', 'season_id']).doUpdateSet({ rate }))
    .execute();
}

export async function deleteCurrencySeasonRate(trx: Kysely<Database>, currencyId: number, seasonId: number): Promise<void> {
  await trx.deleteFrom('currency_rates').where('currency_id', '=', currencyId).where('season_id', '=', seasonId).execute();
}

/** The season rates of the given currencies, whole, by season. */
export function listCurrencyRateRows(db: Kysely<Database>, currencyIds: readonly number[]) {
  return db
    .selectFrom('currency_rates')
    .selectAll()
    .where('currency_id', 'in', [...currencyIds])
    .orderBy('season_id')
    .execute();
}

/** The currency's season rates as stored. */
export function listStoredSeasonRates(db: Kysely<Database>, currencyId: number) {
  return db.selectFrom('currency_rates').select(['season_id', 'rate']).where('currency_id', '=', currencyId).execute();
}

/** Tour seasons whose stored prices follow this currency's rate for this season. */
export async function tourSeasonsOfCurrency(db: Kysely<Database>, currencyId: number, seasonId: number): Promise<number[]> {
  const rows = await db.selectFrom('tour_seasons').select('id').where('currency_id', '=', currencyId).where('season_id', '=', seasonId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The currency's id and name, its row locked until the transaction ends. */
export function lockCurrency(trx: Kysely<Database>, currencyId: number) {
  return trx.selectFrom('currencies').select(['id', 'name']).where('id', '=', currencyId).forUpdate().executeTakeFirst();
}

/** Bumps the currency's version whatever it is. */
export async function bumpCurrencyVersion(trx: Kysely<Database>, currencyId: number): Promise<void> {
  await trx
    .updateTable('currencies')
    .set({ version: sql`version + 1` })
    .where('id', '=', currencyId)
    .execute();
}
