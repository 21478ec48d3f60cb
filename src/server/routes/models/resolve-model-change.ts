import type { Kysely } from 'kysely';
import type { MarkupModel, MarkupModelEdit, MarkupRateInput, StoredMarkupRate } from '../../../domain/models/markup-model.js';
import { foreignRatesMessage, planModelChange, strandedRatesMessage } from '../../../domain/models/model-change.js';
import type { MarkupRate } from '../../../domain/price-maths.js';
import { ratesInUse } from '../../db/repositories/markup-model-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { loadMarkupModels } from './load-markup-models.js';

export type ModelChange = {
  stored: MarkupModel;
  removed: StoredMarkupRate[];
  /** Rates that stay or are added, as proposed. */
  kept: MarkupRateInput[];
  /** Removed rate id -> the kept rate its rows move to. */
  moves: Map<number, MarkupRateInput>;
  /** What the price maths should use for every stored rate of the model if the change were saved. */
  rateOverrides: Map<number, Omit<MarkupRate, 'id'>>;
};

/**
 * Checks a proposed model save against what is stored and works out its consequences
 * (planModelChange), the same way for the preview and for the save.
 */
export async function resolveModelChange(
  db: Kysely<Database>,
  seasonId: number,
  modelId: number,
  edit: MarkupModelEdit,
  removedRatesIds: readonly number[],
): Promise<ModelChange> {
  const [stored] = await loadMarkupModels(db, { modelId });
  if (!stored || stored.season_id !== seasonId) throw notFound('Markup model');
  const foreign = planModelChange(stored.rates, edit.rates, removedRatesIds, new Set()).foreign;
  if (foreign.length) throw badRequest(foreignRatesMessage(foreign), 'model.rates');
  const plan = planModelChange(stored.rates, edit.rates, removedRatesIds, await ratesInUse(db, [...removedRatesIds]));
  if (plan.stranded.length) throw new HttpError(409, [{ msg: strandedRatesMessage(plan.stranded), path: 'removedRatesIds' }]);
  return { stored, removed: plan.removed, kept: plan.kept, moves: plan.moves, rateOverrides: plan.rateOverrides };
}
