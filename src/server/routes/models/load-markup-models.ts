import type { Kysely } from 'kysely';
import type { MarkupModel } from '../../../domain/models/markup-model.js';
import type { Database } from '../../db/schema.js';

export type ModelFilter = { seasonId?: number; modelId?: number };

/** Models with their rates (in id order, the order they were added), in two queries. */
export async function loadMarkupModels(db: Kysely<Database>, filter: ModelFilter = {}): Promise<MarkupModel[]> {
  let query = db
    .selectFrom('markup_models')
    .select(['id', 'name', 'season_id', 'version', 'min_margin_percent', 'min_profit'])
    .orderBy('season_id')
    .orderBy('name')
    .orderBy('id');
  if (filter.seasonId !== undefined) query = query.where('season_id', '=', filter.seasonId);
  if (filter.modelId !== undefined) query = query.where('id', '=', filter.modelId);
  const models = await query.execute();
  if (models.length === 0) return [];
  const rates = await db
    .selectFrom('markup_rates')
    .select(['id', 'markup_model_id', 'commission', 'markup', 'supplement_markup'])
    .where(
      'markup_model_id',
      'in',
      models.map((model) => model.id),
    )
    .orderBy('id')
    .execute();
  return models.map((model) => ({
    ...model,
    rates: rates.filter((rate) => rate.markup_model_id === model.id).map(({ markup_model_id: _model, ...rate }) => rate),
  }));
}
