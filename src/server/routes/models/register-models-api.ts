import type { Api, AppContext } from '../../api-types.js';
import { registerBulkPricingRoutes } from './bulk-pricing-routes.js';
import { registerCurrencyPreviewRoutes } from './currency-preview-routes.js';
import { registerModelRoutes } from './model-routes.js';
import { registerNoteRoutes } from './note-routes.js';

/** Markup models, notes and the bulk pricing page's calls, with the what-if previews. */
export function registerModelsApi(api: Api, context: AppContext) {
  registerModelRoutes(api, context);
  registerCurrencyPreviewRoutes(api, context);
  registerNoteRoutes(api, context);
  registerBulkPricingRoutes(api, context);
}
