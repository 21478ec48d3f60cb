import { z } from 'zod';
import { pathId } from '../record-id.js';
import { currencySeasonRateBodySchema } from '../reference/currency.js';
import { requiredVersionField } from '../reference/reference-fields.js';
import { referenceListQuerySchema } from '../reference/reference-list-query.js';
import { referenceResource, type ReferenceKey, type ReferenceResource } from '../reference/reference-resources.js';
import { defineEndpoint } from './endpoint.js';

// Reference data (DESIGN.md section 6): one endpoint factory for every resource of the registry.

/**
 * The body of an update: every field optional and without its default, so a call that sends only
 * some fields (`PUT categories/{id} {name, slug, tours}`, SPEC.md section 7) changes only those and
 * keeps the rest. The merged row is then validated whole by the resource's own schema. The version
 * read is required: without it the update would overwrite whatever is stored.
 */
export function updateBodySchema(schema: z.ZodObject) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, (field instanceof z.ZodDefault ? field.unwrap() : field).optional()]),
  );
  return z.object({ ...shape, version: requiredVersionField });
}

/** What the client may read back: the schema's fields, id and version (values are the database's). */
export function rowSchema(schema: z.ZodObject) {
  const shape = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, z.unknown()]));
  return z.object({ id: z.number(), version: z.number(), ...shape });
}

/** A reference row as the API returns it: the schema's fields plus id and version. */
export type StoredReferenceRow = Record<string, unknown> & { id: number; version: number };
const row = (resource: ReferenceResource) => rowSchema(resource.schema) as unknown as z.ZodType<StoredReferenceRow>;
const pageOf = (item: z.ZodType<StoredReferenceRow>) => z.object({ results: z.array(item), total: z.number(), page: z.number(), per_page: z.number() });

/**
 * List, detail (where `hasDetail`), create, update and delete (where `deletable`) of one resource.
 * The server registers only the entries the resource has; `ref` is its id, or its slug for regions.
 * Built once per resource, so the server and the client share the very same entries.
 */
export function referenceEndpoints(key: ReferenceKey): ReturnType<typeof buildReferenceEndpoints> {
  const built = builtEndpoints.get(key) ?? buildReferenceEndpoints(key);
  builtEndpoints.set(key, built);
  return built;
}

function buildReferenceEndpoints(key: ReferenceKey) {
  const resource = referenceResource(key);
  const base = `/${key}` as const;
  const one = `/${key}/:ref` as const;
  const params = z.object({ ref: resource.addressedBy === 'slug' ? z.string().min(1).max(200) : pathId });
  const answer = row(resource);
  return {
    list: defineEndpoint({ method: 'GET', path: base, query: referenceListQuerySchema, response: z.union([z.array(answer), pageOf(answer)]) }),
    read: defineEndpoint({ method: 'GET', path: one, params, response: answer }),
    create: defineEndpoint({ method: 'POST', path: base, body: resource.schema, response: answer }),
    save: defineEndpoint({ method: 'PUT', path: one, params, body: updateBodySchema(resource.schema), response: answer }),
    remove: defineEndpoint({ method: 'DELETE', path: one, params, response: z.object({ id: z.number() }) }),
  };
}

const builtEndpoints = new Map<ReferenceKey, ReturnType<typeof buildReferenceEndpoints>>();

/** `PUT currencies/{id}/{season_id} {rate}`: one season's rate, from the bulk pricing page. */
export const currencySeasonRateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/currencies/:ref/:seasonId',
  params: z.object({ ref: pathId, seasonId: pathId }),
  body: currencySeasonRateBodySchema,
  response: row(referenceResource('currencies')),
});
