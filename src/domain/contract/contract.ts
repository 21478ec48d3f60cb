import { tourBikesEndpoints, tourPricingEndpoints, tourRoutesEndpoints, tourSeasonsEndpoints } from './pricing.js';

/** Every area of the endpoint table; the typed client has one group of calls per key. */
export const contract = {
  tourSeasons: tourSeasonsEndpoints,
  tourPricing: tourPricingEndpoints,
  tourBikes: tourBikesEndpoints,
  tourRoutes: tourRoutesEndpoints,
};
