import type { Kysely } from 'kysely';
import type { TourBikeInput } from '../../domain/pricing/tour-bikes.js';
import { deleteTourBikes, insertTourBike, listTourBikePrices, updateTourBike } from '../db/repositories/tour-bike-repository.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http-errors.js';
import { checkGuardrail } from './check-guardrail.js';
import { evaluateForSave, saveMathsOf } from './evaluate-for-save.js';
import type { StoredPrice } from './keep-stored-cost.js';
import { loadPricingContext } from './load-pricing-context.js';
import { listChanges, recordChangeSet } from './price-history.js';

/**
 * Stores a season's bikes as sent: the list order is the display order (each row's `order` is its
 * position, so `[n]` always means the n-th row staff see; the bikes tab shows Order as that position
 * and changes it by moving rows, so an `order` number in the body is not read), in the caller's
 * transaction, with net and cost computed by the price engine at the supplement markup. Rows not
 * sent are deleted. The caller has checked the season's version.
 */
export async function saveTourBikes(
  trx: Kysely<Database>,
  tourSeasonId: number,
  bikes: TourBikeInput[],
  /**
   * The count of rows under the model's margin guardrail the save confirmed (see check-guardrail.ts);
   * 'unchecked' where the caller only appends rows (Add Bike), which a later save of the tab checks.
   */
  belowGuardrailConfirmed: number | undefined | 'unchecked',
): Promise<void> {
  const storedRows = await listTourBikePrices(trx, tourSeasonId);
  const stored = new Map<number, StoredPrice>(storedRows.map(({ id, ...price }) => [id, price]));
  const existing = new Set(stored.keys());
  bikes.forEach((bike, index) => {
    if (bike.id && !existing.has(bike.id)) throw badRequest(`Bike row ${bike.id} is not part of this season`, `bikes.${index}.id`);
  });
  const context = await loadPricingContext(trx, tourSeasonId);
  const maths = saveMathsOf(context);
  const locations = bikes.map((bike, index) => ({ path: `bikes.${index}`, label: bike.id ? `bike row ${bike.id}` : 'new bike' }));
  const values = await evaluateForSave(
    bikes,
    locations,
    maths,
    'supplement',
    bikes.map((bike) => (bike.id ? stored.get(bike.id) : undefined)),
  );
  const belowGuardrail = belowGuardrailConfirmed === 'unchecked' ? 0 : checkGuardrail(context, [{ rows: bikes, values }], belowGuardrailConfirmed);
  const kept = new Set(bikes.flatMap((bike) => (bike.id ? [bike.id] : [])));
  await deleteTourBikes(
    trx,
    [...existing].filter((id) => !kept.has(id)),
  );
  const written: (Record<string, unknown> & { id: number })[] = [];
  for (const [index, bike] of bikes.entries()) {
    const row = {
      bike_id: bike.bike_id,
      order: index,
      nights: bike.nights,
      boat_id: bike.boat_id,
      gallery_id: bike.gallery_id,
      formula: bike.formula,
      gross: values[index].gross,
      non_com: bike.non_com,
      adjustment: bike.adjustment,
      markup_rate_id: bike.markup_rate_id,
      net: values[index].net,
      cost: values[index].cost,
    };
    if (bike.id) await updateTourBike(trx, bike.id, row);
    const id = bike.id ?? (await insertTourBike(trx, tourSeasonId, row));
    written.push({ ...row, id });
  }
  await recordChangeSet(trx, 'bikes', listChanges(tourSeasonId, 'bike', stored, written), { belowGuardrail });
}
