import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError, type ErrorItem } from '../http-errors.js';
import { loadPricingContext } from './load-pricing-context.js';
import type { PriceListName } from './price-lists.js';
import type { StrandedRow } from './recompute-tour-seasons.js';

const ROW_NAMES: Record<PriceListName, string> = {
  prices: 'price',
  bikes: 'bike row',
  party_extra_variations: 'supplement variation',
  room_extra_variations: 'extra night variation',
};

/** Rows named in full; past this many a message says how many more there are. */
const NAMED_ROWS = 10;

/**
 * The 409 refusing a change that would leave stored rows unpriceable (their price would be 0 or
 * stay stale without a word): one error per tour season, naming the season, why its rows cannot
 * be priced under the change (read inside the caller's transaction, after the change) and the rows.
 */
export async function strandedRowsConflict(
  db: Kysely<Database>,
  stranded: readonly StrandedRow[],
  pathOf: (tourSeasonId: number) => string,
): Promise<HttpError> {
  const bySeason = new Map<number, StrandedRow[]>();
  for (const row of stranded) bySeason.set(row.tour_season_id, [...(bySeason.get(row.tour_season_id) ?? []), row]);
  const errors: ErrorItem[] = [];
  for (const [tourSeasonId, rows] of bySeason) {
    const context = await loadPricingContext(db, tourSeasonId);
    const reasons: string[] = [];
    const rateIds = [...new Set(rows.filter((row) => row.missing === 'markup-rate').map((row) => row.markup_rate_id))];
    const model = context.model ? `model ${context.model.name}` : 'the season, which has no pricing model';
    if (rateIds.length === 1) reasons.push(`commission rate ${rateIds[0]} is not a rate of ${model}`);
    if (rateIds.length > 1) reasons.push(`commission rates ${rateIds.join(', ')} are not rates of ${model}`);
    if (rows.some((row) => row.missing === 'currency-rate'))
      reasons.push(context.currency ? `${context.currency.name} has no rate for the season` : 'the season has no currency');
    const named = rows.slice(0, NAMED_ROWS).map((row) => `${ROW_NAMES[row.list]} ${row.id}`);
    if (rows.length > NAMED_ROWS) named.push(`${rows.length - NAMED_ROWS} more`);
    const count = rows.length === 1 ? '1 row' : `${rows.length} rows`;
    errors.push({
      msg:
        `Season ${context.season_name} (tour season ${tourSeasonId}): ${count} could ` +
        `not be priced after this change (${reasons.join('; ')}): ${named.join(', ')}`,
      path: pathOf(tourSeasonId),
    });
  }
  return new HttpError(409, errors);
}
