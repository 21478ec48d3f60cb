import { authEndpoints } from '../../domain/contract/auth.js';
import type { Api, AppContext } from '../api-types.js';
import { APP_VERSION } from '../version.js';
import { registerEndpoint } from './register-endpoint.js';

export function registerServerInfoRoutes(app: Api, { config }: AppContext) {
  registerEndpoint(app, authEndpoints.serverInfo, async () => ({ environment: config.environment, api_url: config.apiUrl, version: APP_VERSION }), {
    serialize: true,
  });
}
