import type { z } from 'zod';
import type { Endpoint } from '../../../domain/contract/endpoint.js';
import type { versionQuerySchema } from '../../../domain/tours/season-data-save.js';
import type { Api, AppContext } from '../../api-types.js';
import { deleteExtra } from '../../db/repositories/tour-extras-repository.js';
import { notFound } from '../../http-errors.js';
import { bumpSeasonVersion } from '../../pricing/bump-season-version.js';
import { findTourSeasonId, loadPricingContext } from '../../pricing/load-pricing-context.js';
import { registerEndpoint } from '../register-endpoint.js';
import type { ExtraInput, ExtraKindSpec, VariationInput } from './extra-kinds.js';
import { recordRemovedExtras, saveExtra, saveSeasonExtras } from './save-extras.js';
import { CACHEABLE } from '../../read-cache.js';

type SaveBody<Input extends ExtraInput<VariationInput>> = Omit<Input, 'id'> & { version: number };
type SeasonSaveBody<Input extends ExtraInput<VariationInput>> = { version: number; extras: Input[]; removed_ids: number[]; below_guardrail_confirmed?: number };
type VariationBody<Input extends ExtraInput<VariationInput>> = Omit<Input['variations'][number], 'id'> & { version: number };

type On<Params> = Endpoint & { params: z.ZodType<Params, unknown> };
type SeasonAddress = { tourId: number; seasonId: number };
type ExtraAddress = SeasonAddress & { extraId: number };

/** One kind's contract entries (domain/contract/tour-extras.ts), as far as these routes read them. */
export type ExtraEndpoints = {
  list: On<SeasonAddress>;
  saveSeason: On<SeasonAddress>;
  add: On<SeasonAddress>;
  read: On<ExtraAddress>;
  save: On<ExtraAddress>;
  remove: On<ExtraAddress> & { query: typeof versionQuerySchema };
  addVariation: On<ExtraAddress>;
};

// The type provider cannot work out a body type from a schema whose type is a type parameter;
// the schema has validated the body, so it is read as the schema's output.
const validated = <Body>(request: { body: unknown }) => request.body as Body;

/**
 * SPEC.md section 7 for one kind of extra (`party` or `room`): GET and POST the season's extras,
 * GET, PUT and DELETE one, POST on one to add a variation; plus PUT of the whole season's extras
 * in one transaction, which the staged screens save with. Every write claims the season's version.
 */
export function registerExtraRoutes<Input extends ExtraInput<VariationInput>, Stored extends { id: number; variations: unknown[] }>(
  app: Api,
  { db }: AppContext,
  kind: ExtraKindSpec<Input, Stored>,
  endpoints: ExtraEndpoints,
) {
  const seasonOf = (params: { tourId: number; seasonId: number }) => findTourSeasonId(db, params.tourId, params.seasonId);
  const loadOne = async (database: typeof db, tourSeasonId: number, extraId: number): Promise<Stored> => {
    const [extra] = await kind.load(database, tourSeasonId, extraId);
    if (!extra) throw notFound(`Extra ${extraId} of this season`);
    return extra;
  };

  registerEndpoint(
    app,
    endpoints.list,
    async (request) => {
      const tourSeasonId = await seasonOf(request.params);
      return { tour_season: await loadPricingContext(db, tourSeasonId), extras: await kind.load(db, tourSeasonId) };
    },
    { config: CACHEABLE },
  );

  registerEndpoint(app, endpoints.saveSeason, async (request) => {
    const tourSeasonId = await seasonOf(request.params);
    const body = validated<SeasonSaveBody<Input>>(request);
    const outcome = await db.transaction().execute(async (trx) => {
      await bumpSeasonVersion(trx, tourSeasonId, body.version);
      return saveSeasonExtras(trx, kind, tourSeasonId, body.extras, body.removed_ids, body.below_guardrail_confirmed);
    });
    return { tour_season: await loadPricingContext(db, tourSeasonId), extras: await kind.load(db, tourSeasonId), ...outcome };
  });

  registerEndpoint(app, endpoints.add, async (request, reply) => {
    const tourSeasonId = await seasonOf(request.params);
    const body = validated<SaveBody<Input>>(request);
    const saved = await db.transaction().execute(async (trx) => {
      const version = await bumpSeasonVersion(trx, tourSeasonId, body.version);
      return { version, extraId: await saveExtra(trx, kind, tourSeasonId, body, undefined) };
    });
    reply.status(201);
    return { extra: await loadOne(db, tourSeasonId, saved.extraId), version: saved.version };
  });

  registerEndpoint(app, endpoints.read, async (request) => {
    const tourSeasonId = await seasonOf(request.params);
    const extra = await loadOne(db, tourSeasonId, request.params.extraId);
    return { extra, version: (await loadPricingContext(db, tourSeasonId)).version };
  });

  registerEndpoint(app, endpoints.save, async (request) => {
    const { extraId } = request.params;
    const tourSeasonId = await seasonOf(request.params);
    const body = validated<SaveBody<Input>>(request);
    const version = await db.transaction().execute(async (trx) => {
      await loadOne(trx, tourSeasonId, extraId);
      const bumped = await bumpSeasonVersion(trx, tourSeasonId, body.version);
      await saveExtra(trx, kind, tourSeasonId, body, extraId);
      return bumped;
    });
    return { extra: await loadOne(db, tourSeasonId, extraId), version };
  });

  registerEndpoint(app, endpoints.remove, async (request) => {
    const { extraId } = request.params;
    const tourSeasonId = await seasonOf(request.params);
    const version = await db.transaction().execute(async (trx) => {
      await loadOne(trx, tourSeasonId, extraId);
      const bumped = await bumpSeasonVersion(trx, tourSeasonId, request.query.version);
      await recordRemovedExtras(trx, kind, tourSeasonId, [extraId]);
      await deleteExtra(trx, kind.table, extraId);
      return bumped;
    });
    return { deleted: extraId, version };
  });

  // Adds a variation at the end of the extra's grid; the rest of the extra is saved unchanged.
  registerEndpoint(app, endpoints.addVariation, async (request, reply) => {
    const { extraId } = request.params;
    const tourSeasonId = await seasonOf(request.params);
    const { version: read, ...variation } = validated<VariationBody<Input>>(request);
    const version = await db.transaction().execute(async (trx) => {
      const current = kind.asInput(await loadOne(trx, tourSeasonId, extraId));
      const bumped = await bumpSeasonVersion(trx, tourSeasonId, read);
      // The new row has no id: it is inserted after the extra's own variations.
      const added = variation as unknown as Input['variations'][number];
      await saveExtra(trx, kind, tourSeasonId, { ...current, variations: [...current.variations, added] }, extraId);
      return bumped;
    });
    const extra = await loadOne(db, tourSeasonId, extraId);
    reply.status(201);
    return { extra, variation: extra.variations.at(-1), version };
  });
}
