import type { FastifyContextConfig, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../domain/contract/endpoint.js';
import type { Api } from '../api-types.js';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler sees: params, query and body as the entry's schemas parse them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: Output<E['params']>; Querystring: Output<E['query']>; Body: Output<E['body']> }>;

/** Answers the entry's response, or the reply itself when it sent a body of its own (stored JSON text, a file). */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<z.output<E['response']> | FastifyReply>;

export type EndpointOptions = {
  config?: FastifyContextConfig & Record<string, unknown>;
  /**
   * Serialise 2xx answers through the response schema, in production too: fields it does not
   * name are dropped. For answers fully described by their schema (bookings, payments), which
   * these routes always did; others skip that cost.
   */
  serialize?: boolean;
};

/** Where the route keeps its entry's response schema for the test-time contract check (app.ts). */
export type ContractRouteConfig = { responseSchema?: z.ZodType };

/**
 * Registers the route of one contract entry: the entry's params, query and body schemas validate
 * the request exactly as a hand-written route's would (same 400s and messages), and the response
 * schema rides along in the route's config for the check that only tests switch on.
 */
export function registerEndpoint<E extends Endpoint>(app: Api, endpoint: E, handler: EndpointHandler<E>, options: EndpointOptions = {}) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Only the parts the entry has: Fastify warns of a part given as undefined.
    schema: {
      ...Object.fromEntries(Object.entries({ params: endpoint.params, querystring: endpoint.query, body: endpoint.body }).filter(([, schema]) => schema)),
      ...(options.serialize ? { response: { '2xx': endpoint.response } } : {}),
    },
    config: { ...options.config, responseSchema: endpoint.response } as FastifyContextConfig,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
