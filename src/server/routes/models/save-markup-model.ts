import type { Kysely } from 'kysely';
import type { MarkupModelEdit, MarkupModelSaveResult, MarkupRateInput, StoredMarkupRate } from '../../../domain/models/markup-model.js';
import {
  claimMarkupModel,
  deleteMarkupRates,
  findMarkupModelOfSeason,
  insertMarkupRate,
  moveRates,
  tourSeasonsOfModel,
  updateMarkupRate,
} from '../../db/repositories/markup-model-repository.js';
import type { Database } from '../../db/schema.js';
import { notFound, staleVersion } from '../../http-errors.js';
import { recordRatesChange } from '../../pricing/price-history.js';
import { applyRecompute, planRecompute } from '../../pricing/recompute-tour-seasons.js';
import { loadMarkupModels } from './load-markup-models.js';
import { resolveModelChange } from './resolve-model-change.js';
import { repricedCounts } from './summarise-plan.js';

/**
 * `PUT models/{season_id}/{model_id}`, inside the caller's transaction: name and rates, removed
 * rates with their rows moved, then every stored price of the model's tour seasons repriced.
 * All or nothing; a stale version changes nothing (409).
 */
export async function saveMarkupModel(
  trx: Kysely<Database>,
  seasonId: number,
  modelId: number,
  edit: MarkupModelEdit,
  removedRatesIds: readonly number[],
): Promise<MarkupModelSaveResult> {
  // The version is claimed first: a save racing one that removed a rate must get 409 (stale), not
  // 400 for naming a rate that is gone; the claim also holds the model's row until commit.
  if (!(await claimMarkupModel(trx, seasonId, modelId, edit))) {
    const exists = await findMarkupModelOfSeason(trx, seasonId, modelId);
    throw exists ? staleVersion('This model') : notFound('Markup model');
  }
  const change = await resolveModelChange(trx, seasonId, modelId, edit, removedRatesIds);

  const storedById = new Map(change.stored.rates.map((rate) => [rate.id, rate]));
  const ids = new Map<MarkupRateInput, number>();
  for (const rate of change.kept) {
    const { commission, markup, supplement_markup } = rate;
    const before = rate.id === undefined ? undefined : storedById.get(rate.id);
    if (rate.id === undefined) {
      ids.set(rate, await insertMarkupRate(trx, modelId, rate));
    } else if (before && (before.commission !== commission || before.markup !== markup || before.supplement_markup !== supplement_markup)) {
      await updateMarkupRate(trx, rate.id, rate);
    }
  }
  const moves = new Map<number, number>();
  for (const [from, to] of change.moves) {
    const target = to.id ?? ids.get(to);
    if (target !== undefined) moves.set(from, target);
  }
  const moved = await moveRates(trx, moves);
  await deleteMarkupRates(
    trx,
    change.removed.map((rate) => rate.id),
  );

  const plan = await planRecompute(trx, await tourSeasonsOfModel(trx, modelId));
  await applyRecompute(trx, plan);
  const [model] = await loadMarkupModels(trx, { modelId });
  // The rates themselves, beside the rows they repriced, so the change can be rolled back.
  await recordRatesChange(trx, { kind: 'model', model_id: modelId, rates_before: rateValues(change.stored.rates), rates_after: rateValues(model.rates) });
  return { model, moved, repriced: repricedCounts(plan) };
}

const rateValues = (rates: readonly StoredMarkupRate[]) =>
  rates.map(({ id, commission, markup, supplement_markup }) => ({ id, commission, markup, supplement_markup }));
