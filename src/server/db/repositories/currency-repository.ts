import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The currency's id when it exists. */
export function findCurrencyId(db: Kysely<Database>, currencyId: number) {
  return db.selectFrom('currencies').select('id').where('id', '=', currencyId).executeTakeFirst();
}
