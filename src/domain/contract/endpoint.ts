import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call as both sides see it (DESIGN.md section 6: a path is written once, here). The
 * server registers its route from this entry and validates params, query and body with its
 * schemas; the client builds the address and types the call from it. `response` is checked
 * against every answer in tests, so an answer that breaks the contract fails there.
 */
export type Endpoint = {
  method: HttpMethod;
  /** Relative to the API prefix, with `:name` for each path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
};

/** Keeps the entry's literal path and exact schemas in its type, which the typed client reads. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/**
 * A response schema that checks an answer's outline (its keys and their kinds) while the client
 * gets the full type `T`. Big answers (a season's prices) are described by their TypeScript type;
 * repeating every nested field as a schema would only be a second copy of that type.
 */
export const outlineOf = <T>(outline: z.ZodType): z.ZodType<T> => outline as unknown as z.ZodType<T>;

/** The `:name` parameters of a path, as a union of their names. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The address of an entry with its parameters filled in, each one encoded. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
