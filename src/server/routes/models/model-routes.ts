import { modelsEndpoints } from '../../../domain/contract/models.js';
import type { Api, AppContext } from '../../api-types.js';
import { conflict, notFound } from '../../http-errors.js';
import { planRecompute } from '../../pricing/recompute-tour-seasons.js';
import { registerEndpoint } from '../register-endpoint.js';
import { loadMarkupModels } from './load-markup-models.js';
import { countRateMoves } from './rate-moves.js';
import { resolveModelChange, tourSeasonsOfModel } from './resolve-model-change.js';
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
    const season = await db.selectFrom('seasons').select('id').where('id', '=', season_id).executeTakeFirst();
    if (!season) throw notFound('Season');
    const id = await db.transaction().execute(async (trx) => {
      const model = await trx.insertInto('markup_models').values({ name, season_id, min_margin_percent, min_profit }).returning('id').executeTakeFirstOrThrow();
      if (rates.length)
        await trx
          .insertInto('markup_rates')
          .values(rates.map((rate) => ({ ...rate, markup_model_id: model.id })))
          .execute();
      return model.id;
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
      await trx
        .updateTable('markup_models')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', modelId)
        .execute();
      return trx
        .insertInto('markup_rates')
        .values({ markup_model_id: modelId, commission: 0, markup: 0, supplement_markup: 0 })
        .returning(['id', 'commission', 'markup', 'supplement_markup'])
        .executeTakeFirstOrThrow();
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
      const model = await trx.selectFrom('markup_models').select('id').where('id', '=', modelId).forUpdate().executeTakeFirst();
      if (!model) throw notFound('Markup model');
      const used = await trx
        .selectFrom('tour_seasons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('markup_model_id', '=', modelId)
        .executeTakeFirstOrThrow();
      if (Number(used.n) > 0) throw conflict(`This model prices ${used.n} tour season(s); choose another model for them first`);
      await trx.updateTable('seasons').set({ model_id: null }).where('model_id', '=', modelId).execute();
      // Prices of other seasons cannot point at these rates; a foreign key refuses it if one does (409).
      await trx.deleteFrom('markup_rates').where('markup_model_id', '=', modelId).execute();
      await trx.deleteFrom('markup_models').where('id', '=', modelId).execute();
    });
    return { id: modelId };
  });
}
