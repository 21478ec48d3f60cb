import { partyExtrasEndpoints, roomExtrasEndpoints } from '../../../domain/contract/tour-extras.js';
import type { Api, AppContext } from '../../api-types.js';
import { partyExtraKind, roomExtraKind } from './extra-kinds.js';
import { registerExtraRoutes } from './extra-routes.js';
import { registerReductionRoutes } from './reduction-routes.js';
import { registerSpecificationRoutes } from './specification-routes.js';

/** Supplements, extra nights, reductions and specifications of a tour season (issue 7). */
export function registerTourExtrasApi(app: Api, context: AppContext) {
  registerExtraRoutes(app, context, partyExtraKind, partyExtrasEndpoints);
  registerExtraRoutes(app, context, roomExtraKind, roomExtrasEndpoints);
  registerReductionRoutes(app, context);
  registerSpecificationRoutes(app, context);
}
