import type { z } from 'zod';
import { endpointPath, type Endpoint, type PathParamNames } from '../domain/contract/endpoint';
import { apiRequest } from './api-client';

type ParamsArg<E extends Endpoint> = [PathParamNames<E['path']>] extends [never] ? unknown : { params: Record<PathParamNames<E['path']>, string | number> };
// The client sends the query as the server reads it (numbers stay numbers until the address).
type QueryArg<E extends Endpoint> = E['query'] extends z.ZodType ? { query: z.output<E['query']> } : unknown;
type BodyArg<E extends Endpoint> = E['body'] extends z.ZodType ? { body: z.input<E['body']> } : unknown;

/** What a call of the entry needs: the path's parameters, its query and its body, each if it has one. */
export type CallArgs<E extends Endpoint> = ParamsArg<E> & QueryArg<E> & BodyArg<E>;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

type LooseArgs = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Calls one contract entry through apiRequest (token, 401 and error handling as every call). */
export function callEndpoint<E extends Endpoint>(endpoint: E, args: CallArgs<E>, signal?: AbortSignal): Promise<EndpointResponse<E>> {
  const { params, query, body } = args as LooseArgs;
  return apiRequest<EndpointResponse<E>>(endpoint.method, endpointPath(endpoint.path, params) + queryString(query), { body, signal });
}

type Caller<E extends Endpoint> =
  object extends CallArgs<E>
    ? (args?: CallArgs<E>, signal?: AbortSignal) => Promise<EndpointResponse<E>>
    : (args: CallArgs<E>, signal?: AbortSignal) => Promise<EndpointResponse<E>>;

/** An area's entries as functions: `api.tourPricing.save({ params, body })`. */
export function callersOf<const Area extends Record<string, Endpoint>>(area: Area): { [Name in keyof Area]: Caller<Area[Name]> } {
  return Object.fromEntries(
    Object.entries(area).map(([name, endpoint]) => [name, (args: unknown = {}, signal?: AbortSignal) => callEndpoint(endpoint, args as never, signal)]),
  ) as {
    [Name in keyof Area]: Caller<Area[Name]>;
  };
}
