import type { Api, AppContext } from '../../api-types.js';
import { registerItineraryRoutes } from './itinerary-routes.js';
import { registerTourContentRoutes } from './tour-content-routes.js';
import { registerTourDocumentationRoutes } from './tour-documentation-routes.js';
import { registerTourListRoutes } from './tour-list-routes.js';
import { registerTourRoutes } from './tour-routes.js';

/** Every call of SPEC.md section 7, Tours, except the seasonal tour data. */
export function registerToursApi(app: Api, context: AppContext) {
  registerTourListRoutes(app, context);
  registerTourRoutes(app, context);
  registerTourContentRoutes(app, context);
  registerItineraryRoutes(app, context);
  registerTourDocumentationRoutes(app, context);
}
