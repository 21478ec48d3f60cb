import { z } from 'zod';
import { pathId, versionInQuery } from '../record-id.js';
import { tourBikesAddSchema, tourBikesSaveSchema, type TourBike } from '../pricing/tour-bikes.js';
import {
  categorySaveSchema,
  seasonPricingSaveSchema,
  type PricingCategory,
  type SeasonPricing,
  type TourSeasonPricingContext,
} from '../pricing/tour-pricing.js';
import { tourRoutesSaveSchema, type TourRoute } from '../pricing/tour-routes.js';
import { defineEndpoint, outlineOf } from './endpoint.js';
import { tourSeasonParams } from './params.js';

// Seasonal tour data (SPEC.md section 7): the season context, prices, bikes and routes.

const categoryParams = tourSeasonParams.extend({ categoryId: pathId });

const storedRow = z.looseObject({ id: z.number() });
const pricedRow = storedRow.extend({ net: z.number(), cost: z.number() });
export const pricingContextOutline = outlineOf<TourSeasonPricingContext>(
  z.looseObject({
    id: z.number(),
    tour_id: z.number(),
    season_id: z.number(),
    version: z.number(),
    model: z.looseObject({ rates: z.array(storedRow) }).nullable(),
    currency: storedRow.nullable(),
  }),
);
const categoryOutline = outlineOf<PricingCategory>(storedRow.extend({ prices: z.array(pricedRow) }));
const bikeOutline = outlineOf<TourBike>(pricedRow.extend({ bike_id: z.number(), tour_season_id: z.number() }));
const seasonBikes = z.object({ tour_season: pricingContextOutline, bikes: z.array(bikeOutline) });
const seasonRoutes = z.object({ routes: z.array(outlineOf<TourRoute>(storedRow.extend({ name: z.string() }))), version: z.number() });

export const tourSeasonsEndpoints = {
  /** A tour season with its model (name, rates) and currency (name, rate, symbol). */
  read: defineEndpoint({ method: 'GET', path: '/tour-seasons/:tourId/:seasonId', params: tourSeasonParams, response: pricingContextOutline }),
};

/**
 * The season-wide PUT is what the pricing screen's save uses; POST, PUT and DELETE of one group
 * exist as SPEC.md lists them and answer with the group and the season's new version.
 */
export const tourPricingEndpoints = {
  read: defineEndpoint({
    method: 'GET',
    path: '/tour-pricing/:tourId/:seasonId',
    params: tourSeasonParams,
    response: outlineOf<SeasonPricing>(z.object({ tour_season: pricingContextOutline, categories: z.array(categoryOutline) })),
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/tour-pricing/:tourId/:seasonId',
    params: tourSeasonParams,
    body: seasonPricingSaveSchema,
    response: outlineOf<SeasonPricing>(z.object({ tour_season: pricingContextOutline, categories: z.array(categoryOutline) })),
  }),
  addCategory: defineEndpoint({
    method: 'POST',
    path: '/tour-pricing/:tourId/:seasonId',
    params: tourSeasonParams,
    body: categorySaveSchema,
    response: z.object({ category: categoryOutline, version: z.number() }),
  }),
  saveCategory: defineEndpoint({
    method: 'PUT',
    path: '/tour-pricing/:tourId/:seasonId/:categoryId',
    params: categoryParams,
    body: categorySaveSchema,
    response: z.object({ category: categoryOutline, version: z.number() }),
  }),
  removeCategory: defineEndpoint({
    method: 'DELETE',
    path: '/tour-pricing/:tourId/:seasonId/:categoryId',
    params: categoryParams,
    query: z.object({ version: versionInQuery }),
    response: z.object({ deleted: z.number(), version: z.number() }),
  }),
};

export const tourBikesEndpoints = {
  read: defineEndpoint({ method: 'GET', path: '/tour-bikes/:tourId/:seasonId', params: tourSeasonParams, response: seasonBikes }),
  /** The bikes of a season named by its own id (SPEC.md section 7: tours/{tour_id}/{tour_season_id}/bikes). */
  listBySeasonId: defineEndpoint({
    method: 'GET',
    path: '/tours/:tourId/:tourSeasonId/bikes',
    params: z.object({ tourId: pathId, tourSeasonId: pathId }),
    response: z.array(bikeOutline),
  }),
  save: defineEndpoint({ method: 'PUT', path: '/tour-bikes/:tourId/:seasonId', params: tourSeasonParams, body: tourBikesSaveSchema, response: seasonBikes }),
  /** Appends bikes after the season's own and answers with the created rows (Add Bike). */
  add: defineEndpoint({
    method: 'POST',
    path: '/tour-bikes/:tourId/:seasonId',
    params: tourSeasonParams,
    body: tourBikesAddSchema,
    response: z.array(bikeOutline),
  }),
};

/** Named routes of a tour season; removing one unsets it on its groups. */
export const tourRoutesEndpoints = {
  read: defineEndpoint({ method: 'GET', path: '/tour-routes/:tourId/:seasonId', params: tourSeasonParams, response: seasonRoutes }),
  save: defineEndpoint({ method: 'PUT', path: '/tour-routes/:tourId/:seasonId', params: tourSeasonParams, body: tourRoutesSaveSchema, response: seasonRoutes }),
};
