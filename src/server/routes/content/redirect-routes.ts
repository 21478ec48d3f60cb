import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { redirectCreateSchema, redirectTarget, type redirectUpdateSchema, type Redirect, type RedirectFields } from '../../../domain/content/redirect.js';
import { redirectsEndpoints } from '../../../domain/contract/content.js';
import type { Api, AppContext } from '../../api-types.js';
import {
  deleteRedirect,
  findRedirect as findStoredRedirect,
  insertRedirect,
  listRedirects,
  oldUrlTaken,
  updateRedirect,
} from '../../db/repositories/content-redirects.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound, staleVersion } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { containsPattern, idOfUpdate, listAnswer, listPaging, serialize, validateRecord } from './content-route-helpers.js';

async function findRedirect(db: Kysely<Database>, id: number): Promise<Redirect> {
  const row = await findStoredRedirect(db, id);
  if (!row) throw notFound('Redirect');
  return row;
}

/** A second redirect from one old URL would be ambiguous: refuse it with a sentence (409). */
async function assertOldUrlFree(db: Kysely<Database>, oldUrl: string, exceptId: number | null) {
  if (await oldUrlTaken(db, oldUrl, exceptId)) throw conflict(`A redirect from "${oldUrl}" already exists`, 'old_url');
}

/**
 * A redirect may send visitors to another site only if REDIRECT_HOSTS names it: anyone who can
 * write a redirect could otherwise turn the public site into a link to a phishing page.
 */
function assertTargetAllowed(newUrl: string, allowedHosts: readonly string[]) {
  const host = redirectTarget(newUrl)?.host;
  if (host && !allowedHosts.includes(host)) {
    throw badRequest(`New URL leads to another site (${host}); only the hosts named in REDIRECT_HOSTS may be redirected to`, 'new_url');
  }
}

/** `GET, POST and PUT redirects and redirects/{id}`, and `DELETE redirects/{id}`. */
export function registerRedirectRoutes(api: Api, { db, config }: AppContext) {
  registerEndpoint(
    api,
    redirectsEndpoints.list,
    async (request) => {
      const paging = listPaging(request.query);
      const list = await listRedirects(db, { pattern: request.query.q ? containsPattern(request.query.q) : null, limit: paging.limit, offset: paging.offset });
      return listAnswer(paging, list.results, paging.paged ? await list.total() : list.results.length);
    },
    serialize,
  );

  registerEndpoint(api, redirectsEndpoints.read, async (request) => findRedirect(db, request.params.id), serialize);

  registerEndpoint(
    api,
    redirectsEndpoints.create,
    async (request, reply) => {
      assertTargetAllowed(request.body.new_url, config.redirectHosts);
      const id = await db.transaction().execute(async (trx) => {
        await assertOldUrlFree(trx, request.body.old_url, null);
        return insertRedirect(trx, request.body);
      });
      reply.status(201);
      return findRedirect(db, id);
    },
    serialize,
  );

  const update = async (id: number, { version, id: _id, ...changes }: z.output<typeof redirectUpdateSchema>) => {
    await db.transaction().execute(async (trx) => {
      const { id: _storedId, version: storedVersion, ...stored } = await findRedirect(trx, id);
      if (storedVersion !== version) throw staleVersion('This redirect');
      const values: RedirectFields = validateRecord(redirectCreateSchema, stored, changes);
      assertTargetAllowed(values.new_url, config.redirectHosts);
      await assertOldUrlFree(trx, values.old_url, id);
      if (!(await updateRedirect(trx, id, version, values))) throw staleVersion('This redirect');
    });
    return findRedirect(db, id);
  };
  registerEndpoint(api, redirectsEndpoints.save, async (request) => update(idOfUpdate(request.params.id, request.body.id), request.body), serialize);
  registerEndpoint(api, redirectsEndpoints.saveWithIdInBody, async (request) => update(idOfUpdate(undefined, request.body.id), request.body), serialize);

  registerEndpoint(
    api,
    redirectsEndpoints.remove,
    async (request) => {
      const deleted = await deleteRedirect(db, request.params.id);
      if (!deleted) throw notFound('Redirect');
      return deleted;
    },
    serialize,
  );
}
