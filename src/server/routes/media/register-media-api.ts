import type { Api, AppContext } from '../../api-types.js';
import { registerGalleryRoutes } from './gallery-routes.js';
import { registerMediaRoutes } from './media-routes.js';
import { registerMediaUploadRoute } from './media-upload-route.js';

/** Every call of SPEC.md section 7, Media and galleries. */
export function registerMediaApi(app: Api, context: AppContext) {
  registerMediaUploadRoute(app, context);
  registerMediaRoutes(app, context);
  registerGalleryRoutes(app, context);
}
