import type { Kysely } from 'kysely';
import type { MarkupModel } from '../../../domain/models/markup-model.js';
import { listMarkupModelRows, listRatesOfModels, type ModelFilter } from '../../db/repositories/markup-model-repository.js';
import type { Database } from '../../db/schema.js';

/** Models with their rates (in id order, the order they were added), in two queries. */
export async function loadMarkupModels(db: Kysely<Database>, filter: ModelFilter = {}): Promise<MarkupModel[]> {
  const models = await listMarkupModelRows(db, filter);
  if (models.length === 0) return [];
  const rates = await listRatesOfModels(
    db,
    models.map((model) => model.id),
  );
  return models.map((model) => ({
    ...model,
    rates: rates.filter((rate) => rate.markup_model_id === model.id).map(({ markup_model_id: _model, ...rate }) => rate),
  }));
}
