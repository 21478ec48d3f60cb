import { z } from 'zod';
import type { BulkPricingView } from '../models/bulk-pricing-view.js';
import { markupModelCreateSchema, markupModelSaveSchema, type MarkupModel, type MarkupModelSaveResult, type StoredMarkupRate } from '../models/markup-model.js';
import { noteCreateSchema, type Note } from '../models/note.js';
import type { RateChangePreview } from '../models/rate-change-preview.js';
import type { SeasonPricingInputs } from '../models/season-pricing-inputs.js';
import { currencyRatePreviewBodySchema } from '../reference/currency.js';
import { pathId } from '../record-id.js';
import { defineEndpoint, outlineOf } from './endpoint.js';

// Markup models, the bulk pricing page (/pgt) and its notes (SPEC.md sections 2 and 7).

const seasonParams = z.object({ seasonId: pathId });
const modelParams = z.object({ seasonId: pathId, modelId: pathId });

const rate = z.object({ id: z.number(), commission: z.number(), markup: z.number(), supplement_markup: z.number() });
const model = outlineOf<MarkupModel>(z.looseObject({ id: z.number(), name: z.string(), season_id: z.number(), version: z.number(), rates: z.array(rate) }));
const preview = outlineOf<RateChangePreview>(
  z.looseObject({ rows_checked: z.number(), moved: z.number(), by_tour_code: z.array(z.looseObject({ tour_code: z.string() })), elapsed_ms: z.number() }),
);

export const modelsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/models', response: z.array(model) }),
  ofSeason: defineEndpoint({ method: 'GET', path: '/models/:seasonId', params: seasonParams, response: z.array(model) }),
  read: defineEndpoint({ method: 'GET', path: '/models/:seasonId/:modelId', params: modelParams, response: model }),
  create: defineEndpoint({ method: 'POST', path: '/models', body: markupModelCreateSchema, response: model }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/models/:seasonId/:modelId',
    params: modelParams,
    body: markupModelSaveSchema,
    response: outlineOf<MarkupModelSaveResult>(z.looseObject({ model, moved: z.number(), repriced: z.looseObject({ prices: z.number() }) })),
  }),
  /** Adds the default rate (0, 0, 0) and bumps the version: the form takes both from the answer. */
  addRate: defineEndpoint({
    method: 'POST',
    path: '/models/:seasonId/:modelId',
    params: modelParams,
    response: z.object({ rate: outlineOf<StoredMarkupRate>(rate), model }),
  }),
  /** The what-if of a save: what it would rewrite, without writing. */
  preview: defineEndpoint({ method: 'POST', path: '/models/:seasonId/:modelId/preview', params: modelParams, body: markupModelSaveSchema, response: preview }),
  remove: defineEndpoint({ method: 'DELETE', path: '/models/:modelId', params: z.object({ modelId: pathId }), response: z.object({ id: z.number() }) }),
};

export const bulkPricingEndpoints = {
  /** The season and the tour codes of its tours; each tour's prices load from tour-pricing when its tab is chosen. */
  view: defineEndpoint({
    method: 'GET',
    path: '/bulk-pricing/:seasonId',
    params: seasonParams,
    response: outlineOf<BulkPricingView>(
      z.object({ season: z.looseObject({ id: z.number(), name: z.string() }), tours: z.array(z.looseObject({ id: z.number(), tour_code: z.string() })) }),
    ),
  }),
  /** The what-if preview's inputs for the whole season (sent as stored JSON text, so not re-checked per answer). */
  inputs: defineEndpoint({
    method: 'GET',
    path: '/bulk-pricing/:seasonId/inputs',
    params: seasonParams,
    response: outlineOf<SeasonPricingInputs>(
      z.looseObject({ season_id: z.number(), tour_seasons: z.array(z.looseObject({ id: z.number() })), rates: z.array(rate.loose()) }),
    ),
  }),
  /** What `PUT currencies/{id}/{season_id}` with this rate would rewrite, without writing. */
  currencyPreview: defineEndpoint({
    method: 'POST',
    path: '/currencies/:currencyId/:seasonId/preview',
    params: z.object({ currencyId: pathId, seasonId: pathId }),
    body: currencyRatePreviewBodySchema,
    response: preview,
  }),
};

export const notesEndpoints = {
  /** Newest first. */
  list: defineEndpoint({
    method: 'GET',
    path: '/notes',
    response: z.array(outlineOf<Note>(z.object({ id: z.number(), note: z.string(), user_id: z.number().nullable(), createdAt: z.string() }))),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/notes',
    body: noteCreateSchema,
    response: outlineOf<Note>(z.object({ id: z.number(), note: z.string(), user_id: z.number().nullable(), createdAt: z.string() })),
  }),
};
