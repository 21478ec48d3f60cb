import { z } from 'zod';
import type { Api } from './api-types.js';
import { HttpError } from './http-errors.js';
import type { ContractRouteConfig } from './routes/register-endpoint.js';

/**
 * Tests only: every successful answer of a contract route is parsed with its entry's response
 * schema, and one that breaks the contract becomes a 500 naming the route and the fields, so the
 * test that provoked it fails. Production skips the hook entirely (no parse per request), and the
 * answer sent is the handler's own, never the parsed copy, so both send the same bytes.
 */
export function registerResponseCheck(api: Api) {
  api.addHook('preSerialization', async (request, reply, payload) => {
    const schema = (request.routeOptions.config as ContractRouteConfig).responseSchema;
    if (!schema || reply.statusCode >= 300) return payload;
    const result = schema.safeParse(payload);
    if (!result.success) {
      throw new HttpError(500, [{ msg: `The answer of ${request.method} ${request.routeOptions.url} breaks the contract: ${z.prettifyError(result.error)}` }]);
    }
    return payload;
  });
}
