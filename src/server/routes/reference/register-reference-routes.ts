import { currencySeasonRateEndpoint, referenceEndpoints } from '../../../domain/contract/reference.js';
import { DEFAULT_PER_PAGE } from '../../../domain/reference/reference-list-query.js';
import { REFERENCE_RESOURCES, referenceResource, type ReferenceResource } from '../../../domain/reference/reference-resources.js';
import type { Api, AppContext } from '../../api-types.js';
import { badRequest, conflict, notFound, staleVersion } from '../../http-errors.js';
import { followSlugRename, type SearchTarget } from '../../db/repositories/content-site-options.js';
import { findSeasonId } from '../../db/repositories/season-repository.js';
import { storeCurrencySeasonRate } from './currency-season-rate.js';
import { cleanBody } from './reference-bodies.js';
import {
  bumpReferenceVersion,
  deleteReferenceRow,
  findReferenceRow,
  findReferenceRowById,
  insertReferenceRow,
  listReferenceRows,
  reloadReferenceRow,
  updateReferenceRow,
  type Row,
} from '../../db/repositories/reference-repository.js';
import { REFERENCE_TABLES, referenceTarget } from './reference-tables.js';
import { CACHEABLE } from '../../read-cache.js';
import { registerEndpoint } from '../register-endpoint.js';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const withoutIdentity = ({ id: _id, version: _version, ...values }: Row) => values;
// Resources a popular search (site options) can lead to, by slug.
const SEARCH_TARGETS: Partial<Record<ReferenceResource['key'], SearchTarget>> = { destinations: 'destination', regions: 'region' };

/**
 * The one route factory of reference data (DESIGN.md section 6): list, detail where SPEC.md lists
 * it, create, update and delete where SPEC.md lists it, for every resource of the registry; plus
 * the currency season rate call the bulk pricing page makes.
 */
export function registerReferenceRoutes(api: Api, context: AppContext) {
  for (const resource of REFERENCE_RESOURCES) registerResource(api, context, resource);
  registerCurrencySeasonRate(api, context);
}

function registerResource(api: Api, { db }: AppContext, resource: ReferenceResource) {
  const target = referenceTarget(resource);
  const usage = REFERENCE_TABLES[resource.key].usage;
  const endpoints = referenceEndpoints(resource.key);
  // Answers leave serialised through the row schema: only the resource's fields, id and version.
  const serialize = { serialize: true };
  const what = capitalise(resource.singular);
  const load = async (ref: number | string) => (await findReferenceRow(db, target, ref)) ?? Promise.reject(notFound(what));
  const searchTarget = SEARCH_TARGETS[resource.key];

  registerEndpoint(
    api,
    endpoints.list,
    async (request) => {
      const { q, page, per_page, sort, dir } = request.query;
      if (sort !== undefined && !resource.sortable.includes(sort)) throw badRequest(`Sort by one of ${resource.sortable.join(', ')}`, 'sort');
      const paged = q !== undefined || page !== undefined || per_page !== undefined;
      const list = await listReferenceRows(db, target, {
        q: q || undefined,
        sort: sort ?? resource.sortable[0],
        dir: dir ?? 'asc',
        page: paged ? (page ?? 1) : undefined,
        perPage: per_page ?? DEFAULT_PER_PAGE,
      });
      // Without paging parameters: SPEC.md's plain array.
      if (!paged) return list.results;
      return { results: list.results, total: list.total, page: page ?? 1, per_page: per_page ?? list.results.length };
    },
    { config: CACHEABLE, ...serialize },
  );

  if (resource.hasDetail) {
    registerEndpoint(api, endpoints.read, async (request) => load(request.params.ref), { config: CACHEABLE, ...serialize });
  }

  registerEndpoint(
    api,
    endpoints.create,
    async (request, reply) => {
      const values = cleanBody(resource, request.body as Record<string, unknown>);
      const id = await db.transaction().execute((trx) => insertReferenceRow(trx, target, values));
      reply.status(201);
      return reloadReferenceRow(db, target, id);
    },
    serialize,
  );

  registerEndpoint(
    api,
    endpoints.save,
    async (request) => {
      const existing = await load(request.params.ref);
      const { version, ...changes } = request.body;
      if (version !== existing.version) throw staleVersion(`This ${resource.singular}`);
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const values = cleanBody(resource, { ...withoutIdentity(existing), ...given });
      const written = await db.transaction().execute(async (trx) => {
        if (!(await updateReferenceRow(trx, target, existing.id, existing.version, values))) return false;
        if (searchTarget && typeof existing.slug === 'string' && typeof values.slug === 'string')
          await followSlugRename(trx, searchTarget, existing.slug, values.slug);
        return true;
      });
      if (!written) throw staleVersion(`This ${resource.singular}`);
      return reloadReferenceRow(db, target, existing.id);
    },
    serialize,
  );

  if (resource.deletable) {
    registerEndpoint(
      api,
      endpoints.remove,
      async (request) => {
        const existing = await load(request.params.ref);
        await db.transaction().execute(async (trx) => {
          const inUse = usage ? await usage(trx, existing.id) : null;
          if (inUse) throw conflict(inUse);
          // Foreign keys refuse the rest (a bike in a tour's prices): the error handler turns that into 409.
          await deleteReferenceRow(trx, target, existing.id);
        });
        return { id: existing.id };
      },
      serialize,
    );
  }
}

/** `PUT currencies/{id}/{season_id} {rate}`: one season's rate, from the bulk pricing page. */
function registerCurrencySeasonRate(api: Api, { db }: AppContext) {
  const resource = referenceResource('currencies');
  const target = referenceTarget(resource);
  registerEndpoint(
    api,
    currencySeasonRateEndpoint,
    async (request) => {
      const { ref, seasonId } = request.params;
      const currency = await findReferenceRowById(db, target, ref);
      if (!currency) throw notFound('Currency');
      const season = await findSeasonId(db, seasonId);
      if (!season) throw notFound('Season');
      if (request.body.version !== currency.version) throw staleVersion('This currency');
      await db.transaction().execute(async (trx) => {
        // The version is taken first: a save that raced this one leaves it moved, and this one is refused.
        if (!(await bumpReferenceVersion(trx, target, ref, request.body.version))) throw staleVersion('This currency');
        await storeCurrencySeasonRate(trx, ref, seasonId, request.body.rate);
      });
      return reloadReferenceRow(db, target, ref);
    },
    { serialize: true },
  );
}
