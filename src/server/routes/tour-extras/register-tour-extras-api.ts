import {
  partyExtraSaveSchema,
  partyExtrasSeasonSaveSchema,
  partyExtraVariationAddSchema,
  roomExtraSaveSchema,
  roomExtrasSeasonSaveSchema,
  roomExtraVariationAddSchema,
} from '../../../domain/tours/tour-extras-schemas.js';
import type { Api, AppContext } from '../../api-types.js';
import { partyExtraKind, roomExtraKind } from './extra-kinds.js';
import { registerExtraRoutes } from './extra-routes.js';
import { registerReductionRoutes } from './reduction-routes.js';
import { registerSpecificationRoutes } from './specification-routes.js';

/** Supplements, extra nights, reductions and specifications of a tour season (issue 7). */
export function registerTourExtrasApi(app: Api, context: AppContext) {
  registerExtraRoutes(app, context, partyExtraKind, { save: partyExtraSaveSchema, seasonSave: partyExtrasSeasonSaveSchema, variationAdd: partyExtraVariationAddSchema });
  registerExtraRoutes(app, context, roomExtraKind, { save: roomExtraSaveSchema, seasonSave: roomExtrasSeasonSaveSchema, variationAdd: roomExtraVariationAddSchema });
  registerReductionRoutes(app, context);
  registerSpecificationRoutes(app, context);
}
