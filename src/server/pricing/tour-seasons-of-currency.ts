import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Tour seasons whose stored prices follow this currency's rate for this season. */
export async function tourSeasonsOfCurrency(db: Kysely<Database>, currencyId: number, seasonId: number): Promise<number[]> {
  const rows = await db.selectFrom('tour_seasons').select('id').where('currency_id', '=', currencyId).where('season_id', '=', seasonId).orderBy('id').execute();
  return rows.map((row) => row.id);
}
