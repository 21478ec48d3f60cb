import { sql, type Kysely } from 'kysely';
import type { TourBikeInput } from '../../domain/pricing/tour-bikes.js';
import { deleteByIds } from '../db/delete-by-ids.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http-errors.js';
import { checkGuardrail } from './check-guardrail.js';
import { evaluateForSave, saveMathsOf } from './evaluate-for-save.js';
import type { StoredPrice } from './keep-stored-cost.js';
import { loadPricingContext } from './load-pricing-context.js';
import { listChanges, recordChangeSet } from './price-history.js';

export const loadTourBikes = (db: Kysely<Database>, tourSeasonId: number) =>
  db
    .selectFrom('tour_bikes')
    .select([
      'id',
      'tour_season_id',
      'bike_id',
      'order',
      'nights',
      'boat_id',
      'gallery_id',
      'formula',
      'gross',
      'non_com',
      'net',
      'adjustment',
      'cost',
      'markup_rate_id',
    ])
    .where('tour_season_id', '=', tourSeasonId)
    .orderBy('order')
    .orderBy('id')
    .execute();

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
  const storedRows = await trx
    .selectFrom('tour_bikes')
    .select(['id', 'formula', 'gross', 'non_com', 'adjustment', 'markup_rate_id', 'net', 'cost'])
    .where('tour_season_id', '=', tourSeasonId)
    .execute();
  const stored = new Map<number, StoredPrice>(storedRows.map(({ id, ...price }) => [id, price]));
  const existing = new Set(stored.keys());
  bikes.forEach((bike, index) => {
    if (bike.id && !existing.has(bike.id)) throw badRequest(`Bike row ${bike.id} is not part of this season`, `bikes.${index}.id`);
  });
  const context = await loadPricingContext(trx, tourSeasonId);
  const maths = saveMathsOf(context);
  const locations = bikes.map((bike, index) => ({ path: `bikes.${index}`, label: bike.id ? `bike row ${bike.id}` : 'new bike' }));
  const values = evaluateForSave(
    bikes,
    locations,
    maths,
    'supplement',
    bikes.map((bike) => (bike.id ? stored.get(bike.id) : undefined)),
  );
  const belowGuardrail = belowGuardrailConfirmed === 'unchecked' ? 0 : checkGuardrail(context, [{ rows: bikes, values }], belowGuardrailConfirmed);
  const kept = new Set(bikes.flatMap((bike) => (bike.id ? [bike.id] : [])));
  // Party members keep their booking when a bike row goes (tour_bike_id is set to null).
  await deleteByIds(
    trx,
    'tour_bikes',
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
    if (bike.id) await trx.updateTable('tour_bikes').set(row).where('id', '=', bike.id).execute();
    const id =
      bike.id ??
      (
        await trx
          .insertInto('tour_bikes')
          .values({ ...row, tour_season_id: tourSeasonId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    written.push({ ...row, id });
  }
  await recordChangeSet(trx, 'bikes', listChanges(tourSeasonId, 'bike', stored, written), { belowGuardrail });
}

/** The next free display order after the season's bikes. */
export async function nextBikeOrder(db: Kysely<Database>, tourSeasonId: number): Promise<number> {
  const row = await db
    .selectFrom('tour_bikes')
    .select(sql<number>`coalesce(max("order") + 1, 0)`.as('next'))
    .where('tour_season_id', '=', tourSeasonId)
    .executeTakeFirstOrThrow();
  return row.next;
}
