import type { Kysely } from 'kysely';
import { offerFieldsSchema, windowProblems, type Offer, type OfferFields } from '../../../domain/content/offer.js';
import { offersEndpoints } from '../../../domain/contract/content.js';
import type { Api, AppContext } from '../../api-types.js';
import { deleteOffer, findOffer, insertOffer, listOffers, offerSlugTaken, updateOffer } from '../../db/repositories/content-offers.js';
import type { Database } from '../../db/schema.js';
import { conflict, HttpError, notFound, staleVersion } from '../../http-errors.js';
import { assertIdsExist } from '../tours/assert-ids-exist.js';
import { registerEndpoint } from '../register-endpoint.js';
import { assertImagesExist, containsPattern, listAnswer, listPaging, serialize, validateRecord } from './content-route-helpers.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';

async function loadOffer(db: Kysely<Database>, id: number): Promise<Offer> {
  return (await findOffer(db, id)) ?? Promise.reject(notFound('Offer'));
}

async function checkOffer(db: Kysely<Database>, offer: OfferFields, exceptId: number | null) {
  const problems = windowProblems(offer);
  if (problems.length) throw new HttpError(400, problems);
  await assertIdsExist(
    db,
    'tours',
    offer.tour_ids.map((entry) => entry.tour_id),
    'tour_ids',
  );
  await assertIdsExist(db, 'bikes', offer.bike_ids, 'bike_ids');
  await assertImagesExist(db, offer, ['media_id']);
  if (await offerSlugTaken(db, offer.slug, exceptId)) throw conflict(`Another offer already has the slug "${offer.slug}"`, 'slug');
}

const toRow = ({ tour_ids: _tours, bike_ids: _bikes, ...offer }: OfferFields) => withCleanRichText('offers', offer);

/** `GET offers`, `GET offers/{id}`, `POST offers/`, `PUT offers/{id}` and `DELETE offers/{id}`. */
export function registerOfferRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(
    api,
    offersEndpoints.list,
    async (request) => {
      const paging = listPaging(request.query);
      const list = await listOffers(db, { pattern: request.query.q ? containsPattern(request.query.q) : null, limit: paging.limit, offset: paging.offset });
      return listAnswer(paging, list.results, paging.paged ? await list.total() : list.results.length);
    },
    serialize,
  );

  registerEndpoint(api, offersEndpoints.read, async (request) => loadOffer(db, request.params.id), serialize);

  const create = async (offer: OfferFields) =>
    db.transaction().execute(async (trx) => {
      await checkOffer(trx, offer, null);
      return insertOffer(trx, toRow(offer), offer);
    });
  // SPEC.md section 7 writes the create call with a trailing slash; both spellings create.
  for (const endpoint of [offersEndpoints.createWithoutSlash, offersEndpoints.create]) {
    registerEndpoint(
      api,
      endpoint,
      async (request, reply) => {
        const id = await create(request.body);
        reply.status(201);
        return loadOffer(db, id);
      },
      serialize,
    );
  }

  registerEndpoint(
    api,
    offersEndpoints.save,
    async (request) => {
      const { id } = request.params;
      const { version, ...changes } = request.body;
      await db.transaction().execute(async (trx) => {
        const { id: _id, version: storedVersion, tour_ids, ...stored } = await loadOffer(trx, id);
        if (storedVersion !== version) throw staleVersion('This offer');
        const offer = validateRecord(offerFieldsSchema, { ...stored, tour_ids: tour_ids.map(({ tour_id }) => ({ tour_id })) }, changes);
        await checkOffer(trx, offer, id);
        if (!(await updateOffer(trx, id, version, toRow(offer), offer))) throw staleVersion('This offer');
      });
      return loadOffer(db, id);
    },
    serialize,
  );

  registerEndpoint(
    api,
    offersEndpoints.remove,
    async (request) => {
      const deleted = await deleteOffer(db, request.params.id);
      if (!deleted) throw notFound('Offer');
      return deleted;
    },
    serialize,
  );
}
