import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import type { ServerConfig } from './config.js';
import type { LoginThrottleSettings } from './auth/login-throttle.js';
import type { PresenceTimings } from './presence/presence-stream.js';

/** The Fastify instance every route module registers on: zod schemas type the handlers. */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What route modules need from the outside world, passed in rather than imported as globals. */
export type AppContext = {
  db: Kysely<Database>;
  config: ServerConfig;
  /** Changes to the login throttle's limits and clock; tests use them instead of waiting. */
  loginThrottle?: Partial<LoginThrottleSettings>;
  /** The clock of the publish interval; tests move their own instead of waiting. */
  now?: () => Date;
  /** The presence streams' poll, refresh and heartbeat intervals; tests shorten the heartbeat. */
  presenceTimings?: Partial<PresenceTimings>;
};
