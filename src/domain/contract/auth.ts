import { z } from 'zod';
import { loginResponseSchema, loginSchema, serverInfoSchema, staffUserSchema } from '../auth.js';
import { publishResponseSchema } from '../publish.js';
import { defineEndpoint } from './endpoint.js';

// Sessions, the server's own description and publishing the website (SPEC.md section 7).

export const authEndpoints = {
  /** The one call without a session (the route is marked public where it is registered). */
  login: defineEndpoint({ method: 'POST', path: '/auth/login', body: loginSchema, response: loginResponseSchema }),
  logout: defineEndpoint({ method: 'POST', path: '/auth/logout', response: z.object({ ok: z.literal(true) }) }),
  users: defineEndpoint({ method: 'GET', path: '/auth/users', response: z.array(staffUserSchema) }),
  serverInfo: defineEndpoint({ method: 'GET', path: '/server-info', response: serverInfoSchema }),
};

export const publishEndpoints = {
  /** Starts the website's rebuild; at most one at a time and one per interval. */
  publish: defineEndpoint({ method: 'POST', path: '/publish', response: publishResponseSchema }),
};
