import type { Kysely } from 'kysely';
import type { MarkupModel, MarkupModelEdit, MarkupRateInput, StoredMarkupRate } from '../../../domain/models/markup-model.js';
import type { MarkupRate } from '../../../domain/price-maths.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http-errors.js';
import { loadMarkupModels } from './load-markup-models.js';
import { planRateMoves, ratesInUse } from './rate-moves.js';

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

const values = ({ commission, markup, supplement_markup }: MarkupRateInput) => ({ commission, markup, supplement_markup });

/**
 * Checks a proposed model save against what is stored and works out its consequences, the same
 * way for the preview and for the save. A removed rate prices like the rate its rows move to, so
 * overriding it with that rate's values gives the preview the very numbers the save will store.
 */
export async function resolveModelChange(db: Kysely<Database>, seasonId: number, modelId: number, edit: MarkupModelEdit, removedRatesIds: readonly number[]): Promise<ModelChange> {
  const [stored] = await loadMarkupModels(db, { modelId });
  if (!stored || stored.season_id !== seasonId) throw notFound('Markup model');
  const storedIds = new Set(stored.rates.map((rate) => rate.id));
  const foreign = [...edit.rates.flatMap((rate) => (rate.id === undefined ? [] : [rate.id])), ...removedRatesIds].filter((id) => !storedIds.has(id));
  if (foreign.length) throw badRequest(`These rates are not rates of this model: ${[...new Set(foreign)].join(',')}`, 'model.rates');
  const removedIds = new Set(removedRatesIds);
  const removed = stored.rates.filter((rate) => removedIds.has(rate.id));
  const kept = edit.rates.filter((rate) => rate.id === undefined || !removedIds.has(rate.id));
  const moves = planRateMoves(removed, kept, await ratesInUse(db, [...removedIds]));
  const rateOverrides = new Map<number, Omit<MarkupRate, 'id'>>();
  for (const rate of kept) if (rate.id !== undefined) rateOverrides.set(rate.id, values(rate));
  for (const [from, to] of moves) rateOverrides.set(from, values(to));
  return { stored, removed, kept, moves, rateOverrides };
}

/** Tour seasons whose stored prices follow this model. */
export async function tourSeasonsOfModel(db: Kysely<Database>, modelId: number): Promise<number[]> {
  const rows = await db.selectFrom('tour_seasons').select('id').where('markup_model_id', '=', modelId).orderBy('id').execute();
  return rows.map((row) => row.id);
}
