import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { tourSeasonInputSchema } from '../../../domain/tours/tour-season-schema.js';
import { listModelSeasons } from '../../db/repositories/markup-model-repository.js';
import { deleteTourSeasons, insertTourSeason, listTourSeasonsOfTour, updateTourSeason } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http-errors.js';
import { applyRecompute, planRecompute } from '../../pricing/recompute-tour-seasons.js';
import { remapSeasonRates } from '../../pricing/remap-season-rates.js';
import { loadSeasonMathsInputs } from '../../pricing/season-maths-inputs.js';
import { strandedRowsConflict } from '../../pricing/stranded-rows-conflict.js';

type TourSeasonRow = z.output<typeof tourSeasonInputSchema>;

/**
 * Makes a tour's seasons exactly the rows sent: rows with an id update that tour season, rows
 * without one add a season, and seasons left out are deleted (with their prices; a season that
 * bookings still use is refused by the database). Runs inside the caller's transaction.
 */
export async function saveTourSeasons(db: Kysely<Database>, tourId: number, rows: TourSeasonRow[]): Promise<void> {
  const existing = await listTourSeasonsOfTour(db, tourId);
  const byId = new Map(existing.map((row) => [row.id, row]));
  rows.forEach((row, index) => {
    if (row.id !== undefined && !byId.has(row.id)) throw badRequest(`Tour season ${row.id} does not belong to this tour`, `seasons.${index}.id`);
  });
  await assertModelsFitSeasons(db, rows);

  const kept = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length) await deleteTourSeasons(db, removed);

  // What every kept season priced with before the change, to refuse leaving rows unpriceable.
  const previous = await loadSeasonMathsInputs(db, [...kept]);
  const pricingChanged: number[] = [];
  for (const row of rows) {
    const values = { season_id: row.season_id, deposit: row.deposit, markup_model_id: row.markup_model_id, currency_id: row.currency_id, live: row.live };
    if (row.id === undefined) {
      await insertTourSeason(db, { ...values, tour_id: tourId });
      continue;
    }
    const before = byId.get(row.id)!;
    await updateTourSeason(db, row.id, values);
    if (before.markup_model_id !== null && row.markup_model_id !== null && before.markup_model_id !== row.markup_model_id) {
      await remapSeasonRates(db, row.id, before.markup_model_id, row.markup_model_id);
    }
    // The season (its currency rate), the model and the currency decide every stored net and cost.
    if (before.season_id !== row.season_id || before.markup_model_id !== row.markup_model_id || before.currency_id !== row.currency_id) {
      pricingChanged.push(row.id);
    }
  }
  // Hook point onTourSeasonPricingChanged: the pricing recompute rewrites the affected prices in
  // this same transaction (and bumps those tour seasons' versions), so a failed recompute undoes
  // the season change too. A change that leaves rows the season priced unpriceable (a currency
  // without a rate for the season, a model without a row's commission) is refused with 409.
  if (!pricingChanged.length) return;
  const plan = await planRecompute(db, pricingChanged, {}, previous);
  if (plan.stranded.length) throw await strandedRowsConflict(db, plan.stranded, (id) => `seasons.${rows.findIndex((row) => row.id === id)}`);
  await applyRecompute(db, plan);
}

/** A pricing model belongs to one season; the Seasons tab only offers the chosen season's models. */
async function assertModelsFitSeasons(db: Kysely<Database>, rows: TourSeasonRow[]): Promise<void> {
  const modelIds = [...new Set(rows.flatMap((row) => (row.markup_model_id === null ? [] : [row.markup_model_id])))];
  if (!modelIds.length) return;
  const models = await listModelSeasons(db, modelIds);
  rows.forEach((row, index) => {
    if (row.markup_model_id === null) return;
    const model = models.find((candidate) => candidate.id === row.markup_model_id);
    const path = `seasons.${index}.markup_model_id`;
    if (!model) throw badRequest(`Pricing model ${row.markup_model_id} does not exist`, path);
    if (model.season_id !== row.season_id) throw badRequest(`Pricing model ${row.markup_model_id} belongs to another season`, path);
  });
}
