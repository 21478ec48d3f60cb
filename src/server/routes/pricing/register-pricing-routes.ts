import type { Api, AppContext } from '../../api-types.js';
import { registerPriceHistoryRoutes } from './price-history-routes.js';
import { registerRolloverRoutes } from './rollover-routes.js';
import { registerTourBikeRoutes } from './tour-bike-routes.js';
import { registerTourPricingRoutes } from './tour-pricing-routes.js';
import { registerTourRouteRoutes } from './tour-route-routes.js';
import { registerTourSeasonRoutes } from './tour-season-routes.js';

/** Seasonal tour data: the season context, prices, bikes and routes, their history and season roll-overs. */
export function registerPricingRoutes(app: Api, context: AppContext) {
  registerTourSeasonRoutes(app, context);
  registerTourPricingRoutes(app, context);
  registerTourBikeRoutes(app, context);
  registerTourRouteRoutes(app, context);
  registerPriceHistoryRoutes(app, context);
  registerRolloverRoutes(app, context);
}
