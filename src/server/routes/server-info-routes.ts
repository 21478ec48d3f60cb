import { serverInfoSchema } from '../../domain/auth.js';
import type { Api, AppContext } from '../api-types.js';
import { APP_VERSION } from '../version.js';

export function registerServerInfoRoutes(app: Api, { config }: AppContext) {
  app.get('/server-info', { schema: { response: { 200: serverInfoSchema } } }, async () => ({
    environment: config.environment,
    api_url: config.apiUrl,
    version: APP_VERSION,
  }));
}
