import { modelsEndpoints } from '../../../domain/contract/models.js';
import type { Api, AppContext } from '../../api-types.js';
import {
  bumpMarkupModelVersion,
  countRateMoves,
  countTourSeasonsOfModel,
  deleteMarkupModel,
  insertDefaultMarkupRate,
  insertMarkupModel,
  insertMarkupRates,
  lockMarkupModel,
  tourSeasonsOfModel,
} from '../../db/repositories/markup-model-repository.js';
import { findSeasonId } from '../../db/repositories/season-repository.js';
import { conflict, notFound } from '../../http-errors.js';
import { planRecompute } from '../../pricing/recompute-tour-seasons.js';
import { registerEndpoint } from '../register-endpoint.js';
import { loadMarkupModels } from './load-markup-models.js';
import { resolveModelChange } from './resolve-model-change.js';
import { saveMarkupModel } from './save-markup-model.js';
import { summarisePlan } from './summarise-plan.js';
import { CACHEABLE } from '../../read-cache.js';

/** Markup models (SPEC.md sections 2 and 7): list, per season, one, create, save, add a rate, delete, and the what-if preview of a save. */
export function registerModelRoutes(api: Api, { db }: AppContext) {
  const loadOne = async (seasonId: number, modelId: number) => {
    const [model] = await loadMarkupModels(db, { modelId });
    if (!model || model.season_id !== seasonId) throw notFound('Markup model');
    return model;
  };

  registerEndpoint(api, modelsEndpoints.list, async () => loadMarkupModels(db), { config: CACHEABLE });

  registerEndpoint(api, modelsEndpoints.ofSeason, async (request) => loadMarkupModels(db, { seasonId: request.params.seasonId }), { config: CACHEABLE });

  registerEndpoint(api, modelsEndpoints.read, async (request) => loadOne(request.params.seasonId, request.params.modelId));

  registerEndpoint(api, modelsEndpoints.create, async (request, reply) => {
    const { name, season_id, rates, min_margin_percent, min_profit } = request.body;
    const season = await findSeasonId(db, season_id);
    if (!season) throw notFound('Season');
    const id = await db.transaction().execute(async (trx) => {
      const modelId = await insertMarkupModel(trx, { name, season_id, min_margin_percent, min_profit });
      if (rates.length) await insertMarkupRates(trx, modelId, rates);
      return modelId;
    });
    reply.status(201);
    return loadOne(season_id, id);
  });

  registerEndpoint(api, modelsEndpoints.save, async (request) => {
    const { seasonId, modelId } = request.params;
    return db.transaction().execute((trx) => saveMarkupModel(trx, seasonId, modelId, request.body.model, request.body.removedRatesIds));
  });

  // Adds the default rate (0, 0, 0) and bumps the version: the form takes both from the answer.
  registerEndpoint(api, modelsEndpoints.addRate, async (request, reply) => {
    const { seasonId, modelId } = request.params;
    await loadOne(seasonId, modelId);
    const rate = await db.transaction().execute(async (trx) => {
      await bumpMarkupModelVersion(trx, modelId);
      return insertDefaultMarkupRate(trx, modelId);
    });
    const model = await loadOne(seasonId, modelId);
    reply.status(201);
    return { rate, model };
  });

  registerEndpoint(api, modelsEndpoints.preview, async (request) => {
    const started = performance.now();
    const { seasonId, modelId } = request.params;
    const change = await resolveModelChange(db, seasonId, modelId, request.body.model, request.body.removedRatesIds);
    const tourSeasonIds = await tourSeasonsOfModel(db, modelId);
    const plan = await planRecompute(db, tourSeasonIds, { rates: change.rateOverrides });
    return summarisePlan(db, plan, tourSeasonIds, await countRateMoves(db, [...change.moves.keys()]), started);
  });

  registerEndpoint(api, modelsEndpoints.remove, async (request) => {
    const { modelId } = request.params;
    await db.transaction().execute(async (trx) => {
      const model = await lockMarkupModel(trx, modelId);
      if (!model) throw notFound('Markup model');
      const used = await countTourSeasonsOfModel(trx, modelId);
      if (Number(used.n) > 0) throw conflict(`This model prices ${used.n} tour season(s); choose another model for them first`);
      await deleteMarkupModel(trx, modelId);
    });
    return { id: modelId };
  });
}
