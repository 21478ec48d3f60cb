import type { TestApp } from './test-app.js';

/**
 * A change set `POST price-history/:changeSetId/rollback` accepts: a currency rate change of the
 * chosen season made just now, so nothing can have changed since (the seed writes none with its
 * rate change recorded, and an older one may be stale by the time the fuzz reaches the route).
 * Null when the change repriced no row, so wrote no change set.
 */
export async function rollbackTarget(t: TestApp, currencyId: number, seasonId: number): Promise<number | null> {
  const currency = await t.db.selectFrom('currencies').select('version').where('id', '=', currencyId).executeTakeFirstOrThrow();
  const stored = await t.db
    .selectFrom('currency_rates')
    .select('rate')
    .where('currency_id', '=', currencyId)
    .where('season_id', '=', seasonId)
    .executeTakeFirst();
  const rate = Math.round((Number(stored?.rate ?? 1) + 0.01) * 10_000) / 10_000;
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/currencies/${currencyId}/${seasonId}`,
    headers: t.auth,
    payload: { rate, version: currency.version },
  });
  if (response.statusCode >= 300) throw new Error(`Changing a currency rate for the rollback route failed: ${response.body}`);
  const set = await t.db.selectFrom('price_change_sets').select('id').where('rates_change', 'is not', null).orderBy('id', 'desc').executeTakeFirst();
  return set?.id ?? null;
}
