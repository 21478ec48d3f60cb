import type { Api, AppContext } from '../api-types.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerBookingsApi } from './bookings/register-bookings-api.js';
import { registerContentApi } from './content/register-content-api.js';
import { registerMediaApi } from './media/register-media-api.js';
import { registerModelsApi } from './models/register-models-api.js';
import { registerPresenceRoutes } from './presence-routes.js';
import { registerPricingRoutes } from './pricing/register-pricing-routes.js';
import { registerPublishRoutes } from './publish-routes.js';
import { registerRecordChangeRoutes } from './record-change-routes.js';
import { registerReferenceRoutes } from './reference/register-reference-routes.js';
import { registerServerInfoRoutes } from './server-info-routes.js';
import { registerStaffRoutes } from './staff-routes.js';
import { registerTourExtrasApi } from './tour-extras/register-tour-extras-api.js';
import { registerToursApi } from './tours/register-tours-api.js';

/** Every API route module, in one list so none is forgotten by the auth and fuzz suites. */
export function registerApiRoutes(api: Api, context: AppContext) {
  registerAuthRoutes(api, context);
  registerStaffRoutes(api, context);
  registerBookingsApi(api, context);
  registerServerInfoRoutes(api, context);
  registerPublishRoutes(api, context);
  registerPricingRoutes(api, context);
  registerReferenceRoutes(api, context);
  registerToursApi(api, context);
  registerTourExtrasApi(api, context);
  registerModelsApi(api, context);
  registerMediaApi(api, context);
  registerContentApi(api, context);
  registerRecordChangeRoutes(api, context);
  registerPresenceRoutes(api, context);
}
