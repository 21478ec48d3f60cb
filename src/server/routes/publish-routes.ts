import { publishResponseSchema } from '../../domain/publish.js';
import type { Api, AppContext } from '../api-types.js';
import { HttpError } from '../http-errors.js';

/**
 * Starts the website's rebuild by POSTing a workflow dispatch with the server's own token; the
 * browser never sees that token.
 */
export function registerPublishRoutes(app: Api, { config }: AppContext) {
  app.post('/publish', { schema: { response: { 200: publishResponseSchema } } }, async (request) => {
    if (!config.publishDispatchUrl) {
      throw new HttpError(503, [{ msg: 'Publishing is not configured on this server (PUBLISH_DISPATCH_URL is not set).' }]);
    }
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (config.publishToken) headers.authorization = `Bearer ${config.publishToken}`;
    let status: number;
    try {
      const response = await fetch(config.publishDispatchUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ref: 'main' }),
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
    } catch (error) {
      request.log.warn({ err: error }, 'publish dispatch failed');
      throw new HttpError(502, [{ msg: 'The build service could not be reached.' }]);
    }
    if (status < 200 || status >= 300) throw new HttpError(502, [{ msg: `The build service refused the request (HTTP ${status}).` }]);
    return { ok: true as const, site_host: config.siteHost };
  });
}
