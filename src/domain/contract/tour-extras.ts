import { z } from 'zod';
import { pathId } from '../record-id.js';
import { versionQuerySchema } from '../tours/season-data-save.js';
import {
  partyExtraSaveSchema,
  partyExtrasSeasonSaveSchema,
  partyExtraVariationAddSchema,
  roomExtraSaveSchema,
  roomExtrasSeasonSaveSchema,
  roomExtraVariationAddSchema,
  type PartyExtra,
  type RoomExtra,
} from '../tours/tour-extras-schemas.js';
import { reductionCreateSchema, reductionSaveSchema, reductionsSeasonSaveSchema, type Reduction } from '../tours/tour-reductions-schemas.js';
import { specificationSaveSchema, specificationsSeasonSaveSchema, type Specification } from '../tours/tour-specifications-schemas.js';
import { defineEndpoint, outlineOf } from './endpoint.js';
import { tourSeasonParams } from './params.js';
import { pricingContextOutline } from './pricing.js';

// Supplements, extra nights, reductions and specifications of a tour season (SPEC.md section 7).
// Each kind has the same calls, so one factory per shape writes them.

const storedRow = z.looseObject({ id: z.number(), tour_season_id: z.number() });
const pricedVariation = z.looseObject({ id: z.number(), net: z.number(), cost: z.number() });
const saveOutcome = { created_ids: z.array(z.number()), updated_ids: z.array(z.number()), deleted_ids: z.array(z.number()) };
const deleted = z.object({ deleted: z.number(), version: z.number() });

type SeasonSchemas = { save: z.ZodType; seasonSave: z.ZodType; variationAdd: z.ZodType };

/** GET and POST the season's extras, GET, PUT and DELETE one, POST on one to add a variation, PUT all at once. */
function extraEndpoints<const Kind extends string, Schemas extends SeasonSchemas, Extra>(kind: Kind, schemas: Schemas, extra: z.ZodType<Extra>) {
  const base = `/tour-extras/:tourId/:seasonId/${kind}` as const;
  const one = `${base}/:extraId` as const;
  const extraParams = tourSeasonParams.extend({ extraId: pathId });
  const answer = z.object({ extra, version: z.number() });
  return {
    list: defineEndpoint({
      method: 'GET',
      path: base,
      params: tourSeasonParams,
      response: z.object({ tour_season: pricingContextOutline, extras: z.array(extra) }),
    }),
    saveSeason: defineEndpoint({
      method: 'PUT',
      path: base,
      params: tourSeasonParams,
      body: schemas.seasonSave,
      response: z.object({ tour_season: pricingContextOutline, extras: z.array(extra), ...saveOutcome }),
    }),
    add: defineEndpoint({ method: 'POST', path: base, params: tourSeasonParams, body: schemas.save, response: answer }),
    read: defineEndpoint({ method: 'GET', path: one, params: extraParams, response: answer }),
    save: defineEndpoint({ method: 'PUT', path: one, params: extraParams, body: schemas.save, response: answer }),
    remove: defineEndpoint({ method: 'DELETE', path: one, params: extraParams, query: versionQuerySchema, response: deleted }),
    /** Adds a variation at the end of the extra's grid; the rest of the extra is saved unchanged. */
    addVariation: defineEndpoint({
      method: 'POST',
      path: one,
      params: extraParams,
      body: schemas.variationAdd,
      response: answer.extend({ variation: pricedVariation }),
    }),
  };
}

type RowSchemas = { create: z.ZodType; update: z.ZodType; seasonSave: z.ZodType };

/**
 * A season's plain rows: GET and POST on the season, PUT and DELETE of one row, PUT of the whole
 * list with queued removals. `listKey` names the list in answers, `rowKey` one row.
 */
function seasonRowEndpoints<const Path extends string, const ListKey extends string, const RowKey extends string, Schemas extends RowSchemas, Row>(
  path: Path,
  keys: { list: ListKey; row: RowKey },
  schemas: Schemas,
  row: z.ZodType<Row>,
) {
  const base = `${path}/:tourId/:seasonId` as const;
  const one = `${base}/:id` as const;
  const rowParams = tourSeasonParams.extend({ id: pathId });
  const list = z.object({ tour_season: pricingContextOutline, [keys.list]: z.array(row) } as { tour_season: typeof pricingContextOutline } & Record<
    ListKey,
    z.ZodArray<z.ZodType<Row>>
  >);
  const answer = z.object({ [keys.row]: row, version: z.number() } as { version: z.ZodNumber } & Record<RowKey, z.ZodType<Row>>);
  return {
    list: defineEndpoint({ method: 'GET', path: base, params: tourSeasonParams, response: list }),
    saveSeason: defineEndpoint({ method: 'PUT', path: base, params: tourSeasonParams, body: schemas.seasonSave, response: list.extend(saveOutcome) }),
    add: defineEndpoint({ method: 'POST', path: base, params: tourSeasonParams, body: schemas.create, response: answer }),
    save: defineEndpoint({ method: 'PUT', path: one, params: rowParams, body: schemas.update, response: answer }),
    remove: defineEndpoint({ method: 'DELETE', path: one, params: rowParams, query: versionQuerySchema, response: deleted }),
  };
}

const extraOutline = storedRow.extend({ name: z.string(), variations: z.array(pricedVariation) });

export const partyExtrasEndpoints = extraEndpoints(
  'party',
  { save: partyExtraSaveSchema, seasonSave: partyExtrasSeasonSaveSchema, variationAdd: partyExtraVariationAddSchema },
  outlineOf<PartyExtra>(extraOutline),
);
export const roomExtrasEndpoints = extraEndpoints(
  'room',
  { save: roomExtraSaveSchema, seasonSave: roomExtrasSeasonSaveSchema, variationAdd: roomExtraVariationAddSchema },
  outlineOf<RoomExtra>(extraOutline),
);
export const reductionsEndpoints = seasonRowEndpoints(
  '/tour-reductions',
  { list: 'reductions', row: 'reduction' },
  { create: reductionCreateSchema, update: reductionSaveSchema, seasonSave: reductionsSeasonSaveSchema },
  outlineOf<Reduction>(storedRow),
);
export const specificationsEndpoints = seasonRowEndpoints(
  '/tour-specifications',
  { list: 'specifications', row: 'specification' },
  { create: specificationSaveSchema, update: specificationSaveSchema, seasonSave: specificationsSeasonSaveSchema },
  outlineOf<Specification>(storedRow.extend({ price_includes: z.string(), price_excludes: z.string() })),
);
