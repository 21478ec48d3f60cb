import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { contentListQuerySchema } from '../../../domain/content/content-fields.js';
import {
  offerCreateSchema,
  offerFieldsSchema,
  offerListItemSchema,
  offerSchema,
  offerUpdateSchema,
  windowProblems,
  type Offer,
  type OfferFields,
} from '../../../domain/content/offer.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { conflict, HttpError, notFound, staleVersion } from '../../http-errors.js';
import { assertIdsExist } from '../tours/assert-ids-exist.js';
import { assertImagesExist, containsPattern, idParamSchema, listAnswer, listAnswerSchema, listPaging, validateRecord } from './content-route-helpers.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';

async function loadOffer(db: Kysely<Database>, id: number): Promise<Offer> {
  const row = await db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Offer');
  const tours = await db
    .selectFrom('offer_tours')
    .innerJoin('tours', 'tours.id', 'offer_tours.tour_id')
    .select(['offer_tours.tour_id', 'tours.name'])
    .where('offer_tours.offer_id', '=', id)
    .orderBy('offer_tours.position')
    .execute();
  const bikes = await db.selectFrom('offer_bikes').select('bike_id').where('offer_id', '=', id).orderBy('position').execute();
  return { ...row, tour_ids: tours, bike_ids: bikes.map((bike) => bike.bike_id) };
}

async function checkOffer(db: Kysely<Database>, offer: OfferFields, exceptId: number | null) {
  const problems = windowProblems(offer);
  if (problems.length) throw new HttpError(400, problems);
  await assertIdsExist(db, 'tours', offer.tour_ids.map((entry) => entry.tour_id), 'tour_ids');
  await assertIdsExist(db, 'bikes', offer.bike_ids, 'bike_ids');
  await assertImagesExist(db, offer, ['media_id']);
  let taken = db.selectFrom('offers').select('id').where('slug', '=', offer.slug);
  if (exceptId !== null) taken = taken.where('id', '<>', exceptId);
  if (await taken.executeTakeFirst()) throw conflict(`Another offer already has the slug "${offer.slug}"`, 'slug');
}

const toRow = ({ tour_ids: _tours, bike_ids: _bikes, ...offer }: OfferFields) => withCleanRichText('offers', offer);

async function writeLinks(trx: Kysely<Database>, offerId: number, offer: OfferFields) {
  await trx.deleteFrom('offer_tours').where('offer_id', '=', offerId).execute();
  await trx.deleteFrom('offer_bikes').where('offer_id', '=', offerId).execute();
  if (offer.tour_ids.length) await trx.insertInto('offer_tours').values(offer.tour_ids.map(({ tour_id }, position) => ({ offer_id: offerId, tour_id, position }))).execute();
  if (offer.bike_ids.length) await trx.insertInto('offer_bikes').values(offer.bike_ids.map((bike_id, position) => ({ offer_id: offerId, bike_id, position }))).execute();
}

/** `GET offers`, `GET offers/{id}`, `POST offers/`, `PUT offers/{id}` and `DELETE offers/{id}`. */
export function registerOfferRoutes(api: Api, { db }: AppContext) {
  api.get('/offers', { schema: { querystring: contentListQuerySchema, response: { 200: listAnswerSchema(offerListItemSchema) } } }, async (request) => {
    const paging = listPaging(request.query);
    const q = request.query.q ? containsPattern(request.query.q) : null;
    let query = db.selectFrom('offers');
    if (q) query = query.where((eb) => eb.or([eb(sql`lower(name)`, 'like', q), eb(sql`lower(title)`, 'like', q), eb(sql`lower(slug)`, 'like', q)]));
    let rows = query.select(['id', 'version', 'name', 'title', 'slug', 'status', 'type', 'discount']).orderBy(sql`lower(name)`).orderBy('id');
    if (paging.limit !== null) rows = rows.limit(paging.limit).offset(paging.offset);
    const results = await rows.execute();
    const total = paging.paged ? Number((await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total) : results.length;
    return listAnswer(paging, results, total);
  });

  api.get('/offers/:id', { schema: { params: idParamSchema, response: { 200: offerSchema } } }, async (request) => loadOffer(db, request.params.id));

  const create = async (offer: OfferFields) =>
    db.transaction().execute(async (trx) => {
      await checkOffer(trx, offer, null);
      const { id } = await trx.insertInto('offers').values(toRow(offer)).returning('id').executeTakeFirstOrThrow();
      await writeLinks(trx, id, offer);
      return id;
    });
  // SPEC.md section 7 writes the create call with a trailing slash.
  for (const path of ['/offers', '/offers/']) {
    api.post(path, { schema: { body: offerCreateSchema, response: { 201: offerSchema } } }, async (request, reply) =>
      reply.status(201).send(await loadOffer(db, await create(request.body))),
    );
  }

  api.put('/offers/:id', { schema: { params: idParamSchema, body: offerUpdateSchema, response: { 200: offerSchema } } }, async (request) => {
    const { id } = request.params;
    const { version, ...changes } = request.body;
    await db.transaction().execute(async (trx) => {
      const { id: _id, version: storedVersion, tour_ids, ...stored } = await loadOffer(trx, id);
      if (storedVersion !== version) throw staleVersion('This offer');
      const offer = validateRecord(offerFieldsSchema, { ...stored, tour_ids: tour_ids.map(({ tour_id }) => ({ tour_id })) }, changes);
      await checkOffer(trx, offer, id);
      const written = await trx
        .updateTable('offers')
        .set({ ...toRow(offer), version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!written.numUpdatedRows) throw staleVersion('This offer');
      await writeLinks(trx, id, offer);
    });
    return loadOffer(db, id);
  });

  api.delete('/offers/:id', { schema: { params: idParamSchema, response: { 200: z.object({ id: z.number() }) } } }, async (request) => {
    const deleted = await db.deleteFrom('offers').where('id', '=', request.params.id).returning('id').executeTakeFirst();
    if (!deleted) throw notFound('Offer');
    return deleted;
  });
}
