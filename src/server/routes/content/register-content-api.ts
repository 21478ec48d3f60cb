import type { Api, AppContext } from '../../api-types.js';
import { registerBlogPostRoutes } from './blog-post-routes.js';
import { registerContactRoutes } from './contact-routes.js';
import { registerHomepageCollectionRoutes } from './homepage-collection-routes.js';
import { registerNavigationRoutes } from './navigation-routes.js';
import { registerOfferRoutes } from './offer-routes.js';
import { registerPageRoutes } from './page-routes.js';
import { registerRedirectRoutes } from './redirect-routes.js';
import { registerSiteOptionsRoutes } from './site-options-routes.js';

/** Every call of SPEC.md section 7, Content, except notes (registered with the models API). */
export function registerContentApi(api: Api, context: AppContext) {
  registerBlogPostRoutes(api, context);
  registerPageRoutes(api, context);
  registerOfferRoutes(api, context);
  registerSiteOptionsRoutes(api, context);
  registerHomepageCollectionRoutes(api, context);
  registerNavigationRoutes(api, context);
  registerContactRoutes(api, context);
  registerRedirectRoutes(api, context);
}
